C     MPI_UNWEIGHTED and MPI_WEIGHTS_EMPTY from mpif.h reach MPI as the C
C     constants (they were passed as arrays of weights): a ring built
C     with MPI_UNWEIGHTED is unweighted, and MPI_DIST_GRAPH_NEIGHBORS
C     accepts MPI_UNWEIGHTED for its weight arrays; a rank with no edge
C     may pass MPI_WEIGHTS_EMPTY to a weighted graph.
      PROGRAM UNWGT
      INCLUDE 'mpif.h'
      INTEGER IERR, RANK, NP, ERRS, DGC, DGC2, INDEG, OUTDEG
      INTEGER SRCS(1), DSTS(1), WGT(1), SRCS2(1), DSTS2(1)
      LOGICAL WEIGHTED
      ERRS = 0
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, RANK, IERR)
      CALL MPI_COMM_SIZE(MPI_COMM_WORLD, NP, IERR)
      SRCS(1) = MOD(RANK + NP - 1, NP)
      DSTS(1) = MOD(RANK + 1, NP)
      CALL MPI_DIST_GRAPH_CREATE_ADJACENT(MPI_COMM_WORLD, 1, SRCS,
     &     MPI_UNWEIGHTED, 1, DSTS, MPI_UNWEIGHTED, MPI_INFO_NULL,
     &     .FALSE., DGC, IERR)
      CALL MPI_DIST_GRAPH_NEIGHBORS_COUNT(DGC, INDEG, OUTDEG, WEIGHTED,
     &     IERR)
      IF (WEIGHTED .OR. INDEG .NE. 1 .OR. OUTDEG .NE. 1) ERRS = ERRS + 1
      CALL MPI_DIST_GRAPH_NEIGHBORS(DGC, 1, SRCS2, MPI_UNWEIGHTED, 1,
     &     DSTS2, MPI_UNWEIGHTED, IERR)
      IF (SRCS2(1) .NE. SRCS(1) .OR. DSTS2(1) .NE. DSTS(1))
     &     ERRS = ERRS + 1
C     rank 0 gives one weighted edge to itself, the others none
      WGT(1) = 7
      IF (RANK .EQ. 0) THEN
         CALL MPI_DIST_GRAPH_CREATE(MPI_COMM_WORLD, 1, SRCS, 1, SRCS,
     &        WGT, MPI_INFO_NULL, .FALSE., DGC2, IERR)
      ELSE
         CALL MPI_DIST_GRAPH_CREATE(MPI_COMM_WORLD, 0, SRCS, SRCS, SRCS,
     &        MPI_WEIGHTS_EMPTY, MPI_INFO_NULL, .FALSE., DGC2, IERR)
      ENDIF
      IF (IERR .NE. MPI_SUCCESS) ERRS = ERRS + 1
      CALL MPI_DIST_GRAPH_NEIGHBORS_COUNT(DGC2, INDEG, OUTDEG, WEIGHTED,
     &     IERR)
      IF (.NOT. WEIGHTED) ERRS = ERRS + 1
      CALL MPI_COMM_FREE(DGC, IERR)
      CALL MPI_COMM_FREE(DGC2, IERR)
      CALL MPI_ALLREDUCE(MPI_IN_PLACE, ERRS, 1, MPI_INTEGER, MPI_SUM,
     &     MPI_COMM_WORLD, IERR)
      IF (RANK .EQ. 0) THEN
         IF (ERRS .EQ. 0) THEN
            PRINT *, 'No Errors'
         ELSE
            PRINT *, 'Found', ERRS, ' errors'
         ENDIF
      ENDIF
      CALL MPI_FINALIZE(IERR)
      END
