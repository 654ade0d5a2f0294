C     mpif.h declares MPI_AINT_ADD and MPI_AINT_DIFF with their address
C     kind, so a program uses them without declaring them (MPI-3.1 17.1.5):
C     base + 2**40 - base is 2**40, which a default INTEGER cannot hold.
      PROGRAM AINTS
      INCLUDE 'mpif.h'
      INTEGER IERR, RANK
      INTEGER (KIND=MPI_ADDRESS_KIND) BASE, FAR, BIG
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, RANK, IERR)
      BASE = 4096
      BIG = 2_MPI_ADDRESS_KIND ** 40
      FAR = MPI_AINT_ADD(BASE, BIG)
      IF (RANK .EQ. 0) THEN
         IF (FAR .EQ. BASE + BIG .AND.
     &       MPI_AINT_DIFF(FAR, BASE) .EQ. BIG) THEN
            PRINT *, 'No Errors'
         ELSE
            PRINT *, 'MPI_AINT_ADD gave', FAR, ' diff',
     &               MPI_AINT_DIFF(FAR, BASE)
         ENDIF
      ENDIF
      CALL MPI_FINALIZE(IERR)
      END
