C     COMMON blocks and SAVE variables are private to each rank: every rank
C     stores its own rank, waits for the others, then checks it kept its value.
      PROGRAM PRIV
      INCLUDE 'mpif.h'
      INTEGER IERR, RANK, MINE, TOTAL, GOOD, I, J, BUMPN
      COMMON /SHARED/ MINE
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, RANK, IERR)
      MINE = RANK
      DO 5 I = 0, RANK
         J = BUMPN()
  5   CONTINUE
      CALL MPI_BARRIER(MPI_COMM_WORLD, IERR)
      GOOD = 0
      IF (MINE .EQ. RANK .AND. BUMPN() .EQ. RANK + 2) GOOD = 1
      CALL MPI_ALLREDUCE(GOOD, TOTAL, 1, MPI_INTEGER, MPI_SUM,
     &                   MPI_COMM_WORLD, IERR)
      IF (RANK .EQ. 0) THEN
         CALL MPI_COMM_SIZE(MPI_COMM_WORLD, GOOD, IERR)
         IF (TOTAL .EQ. GOOD) THEN
            PRINT *, 'No Errors'
         ELSE
            PRINT *, 'only', TOTAL, 'ranks kept their COMMON and SAVE'
         ENDIF
      ENDIF
      CALL MPI_FINALIZE(IERR)
      END

C     Counts its calls in a SAVE variable and returns the new count.
      INTEGER FUNCTION BUMPN()
      INTEGER N
      SAVE N
      DATA N /0/
      N = N + 1
      BUMPN = N
      END
