C     Point-to-point from fixed form: rank 0 sends to every rank, which answers;
C     checks the status (source, tag, count) and MPI_STATUS_IGNORE.
      PROGRAM P2P
      INCLUDE 'mpif.h'
      INTEGER IERR, RANK, NPROCS, I, BUF(4), STATUS(MPI_STATUS_SIZE)
      INTEGER COUNT, ERRS
      ERRS = 0
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, RANK, IERR)
      CALL MPI_COMM_SIZE(MPI_COMM_WORLD, NPROCS, IERR)
      IF (RANK .EQ. 0) THEN
         DO 10 I = 1, NPROCS - 1
            BUF(1) = I
            BUF(2) = 10 * I
            CALL MPI_SEND(BUF, 2, MPI_INTEGER, I, 7, MPI_COMM_WORLD,
     &                    IERR)
            CALL MPI_RECV(BUF, 4, MPI_INTEGER, MPI_ANY_SOURCE, 8,
     &                    MPI_COMM_WORLD, STATUS, IERR)
            CALL MPI_GET_COUNT(STATUS, MPI_INTEGER, COUNT, IERR)
            IF (STATUS(MPI_SOURCE) .NE. I .OR. STATUS(MPI_TAG) .NE. 8
     &          .OR. COUNT .NE. 1 .OR. BUF(1) .NE. 11 * I) ERRS = ERRS+1
 10      CONTINUE
      ELSE
         CALL MPI_RECV(BUF, 4, MPI_INTEGER, 0, 7, MPI_COMM_WORLD,
     &                 MPI_STATUS_IGNORE, IERR)
         BUF(1) = BUF(1) + BUF(2)
         CALL MPI_SEND(BUF, 1, MPI_INTEGER, 0, 8, MPI_COMM_WORLD, IERR)
      ENDIF
      IF (RANK .EQ. 0 .AND. ERRS .EQ. 0) PRINT *, 'No Errors'
      IF (ERRS .NE. 0) PRINT *, 'Found', ERRS, 'errors'
      CALL MPI_FINALIZE(IERR)
      END
