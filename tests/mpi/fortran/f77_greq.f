C     MPI_GREQUEST_START from Fortran: the query procedure fills the
C     status MPI_WAIT returns, the free procedure runs once when the
C     request is freed and sees the program's own extra_state variable
C     (it decrements it), and cancel gets the completion flag.
      SUBROUTINE QFN(EXTRA, STATUS, IERR)
      INCLUDE 'mpif.h'
      INTEGER (KIND=MPI_ADDRESS_KIND) EXTRA
      INTEGER STATUS(MPI_STATUS_SIZE), IERR
      STATUS(MPI_SOURCE) = 5
      STATUS(MPI_TAG) = 77
      CALL MPI_STATUS_SET_ELEMENTS(STATUS, MPI_INTEGER, 3, IERR)
      IERR = MPI_SUCCESS
      END
      SUBROUTINE FFN(EXTRA, IERR)
      INCLUDE 'mpif.h'
      INTEGER (KIND=MPI_ADDRESS_KIND) EXTRA
      INTEGER IERR
      EXTRA = EXTRA - 1
      IERR = MPI_SUCCESS
      END
      SUBROUTINE CFN(EXTRA, COMPLETE, IERR)
      INCLUDE 'mpif.h'
      INTEGER (KIND=MPI_ADDRESS_KIND) EXTRA
      LOGICAL COMPLETE
      INTEGER IERR
      IF (.NOT. COMPLETE) EXTRA = EXTRA + 100
      IERR = MPI_SUCCESS
      END
      PROGRAM GREQ
      INCLUDE 'mpif.h'
      EXTERNAL QFN, FFN, CFN
      INTEGER (KIND=MPI_ADDRESS_KIND) EXTRA
      INTEGER IERR, REQ, ERRS, COUNT, STATUS(MPI_STATUS_SIZE)
      LOGICAL FLAG
      ERRS = 0
      CALL MPI_INIT(IERR)
      EXTRA = 2
      CALL MPI_GREQUEST_START(QFN, FFN, CFN, EXTRA, REQ, IERR)
      CALL MPI_TEST(REQ, FLAG, STATUS, IERR)
      IF (FLAG) ERRS = ERRS + 1
      CALL MPI_GREQUEST_COMPLETE(REQ, IERR)
      CALL MPI_WAIT(REQ, STATUS, IERR)
      CALL MPI_GET_COUNT(STATUS, MPI_INTEGER, COUNT, IERR)
      IF (STATUS(MPI_SOURCE) .NE. 5 .OR. STATUS(MPI_TAG) .NE. 77 .OR.
     &    COUNT .NE. 3) THEN
         PRINT *, 'status', STATUS(MPI_SOURCE), STATUS(MPI_TAG), COUNT
         ERRS = ERRS + 1
      ENDIF
      IF (EXTRA .NE. 1) THEN
         PRINT *, 'extra_state after free', EXTRA, ', expected 1'
         ERRS = ERRS + 1
      ENDIF
      CALL MPI_GREQUEST_START(QFN, FFN, CFN, EXTRA, REQ, IERR)
      CALL MPI_CANCEL(REQ, IERR)
      CALL MPI_GREQUEST_COMPLETE(REQ, IERR)
      CALL MPI_WAIT(REQ, MPI_STATUS_IGNORE, IERR)
      IF (EXTRA .NE. 100) THEN
         PRINT *, 'extra_state after cancel and free', EXTRA,
     &            ', expected 100'
         ERRS = ERRS + 1
      ENDIF
      IF (ERRS .EQ. 0) PRINT *, 'No Errors'
      CALL MPI_FINALIZE(IERR)
      END
