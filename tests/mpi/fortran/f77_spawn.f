C     MPI_COMM_SPAWN and MPI_COMM_SPAWN_MULTIPLE through mpif.h (one
C     rank of the default platform spawns copies of itself). The first
C     spawn starts two children with MPI_ARGV_NULL and
C     MPI_ERRCODES_IGNORE: no arguments. The second starts one child of
C     each of two commands; ARGVS(2,4) holds the arguments of command I
C     in ARGVS(I,1), ARGVS(I,2), ... up to a blank one, and mpif.h's
C     strings lose their leading and trailing blanks. Each child checks
C     its arguments, its world size and MPI_APPNUM, and sends its error
C     count and number of arguments to the parent, which checks it, over
C     MPI_COMM_GET_PARENT's intercommunicator.
C     A command that does not exist is MPI_ERR_SPAWN.
      PROGRAM SPAWN
      INCLUDE 'mpif.h'
      INTEGER IERR, PARENT
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_GET_PARENT(PARENT, IERR)
      IF (PARENT .NE. MPI_COMM_NULL) THEN
         CALL CHILD_CHECK(PARENT)
      ELSE
         CALL SPAWNER
      ENDIF
      CALL MPI_FINALIZE(IERR)
      END

C     smpirun's rank: the three spawns.
      SUBROUTINE SPAWNER
      INCLUDE 'mpif.h'
      INTEGER IERR, ERRS, INTER, CLASS
      INTEGER CODES(2)
      INTEGER MAXPROCS(2), INFOS(2)
      CHARACTER*12 CMDS(2)
      CHARACTER*8 ARGVS(2, 4)
      DATA ARGVS /' x', 'p q', 'y  ', '  z', ' ', ' ', ' ', ' '/
      ERRS = 0
      CALL MPI_COMM_SPAWN('./f77_spawn', MPI_ARGV_NULL, 2,
     &     MPI_INFO_NULL, 0, MPI_COMM_WORLD, INTER,
     &     MPI_ERRCODES_IGNORE, IERR)
      CALL GATHER(INTER, 2, 0, IERR, ERRS)
      CMDS(1) = ' ./f77_spawn'
      CMDS(2) = './f77_spawn'
      MAXPROCS(1) = 1
      MAXPROCS(2) = 1
      INFOS(1) = MPI_INFO_NULL
      INFOS(2) = MPI_INFO_NULL
      CODES(1) = -1
      CODES(2) = -1
      CALL MPI_COMM_SPAWN_MULTIPLE(2, CMDS, ARGVS, MAXPROCS, INFOS,
     &     0, MPI_COMM_WORLD, INTER, CODES, IERR)
      IF (CODES(1) .NE. MPI_SUCCESS .OR. CODES(2) .NE. MPI_SUCCESS)
     &     THEN
         ERRS = ERRS + 1
         PRINT *, 'spawn_multiple: errcodes', CODES
      ENDIF
      CALL GATHER(INTER, 2, 2, IERR, ERRS)
      CALL MPI_COMM_SET_ERRHANDLER(MPI_COMM_WORLD, MPI_ERRORS_RETURN,
     &     IERR)
      CALL MPI_COMM_SPAWN('./no_such_program', MPI_ARGV_NULL, 1,
     &     MPI_INFO_NULL, 0, MPI_COMM_WORLD, INTER, CODES, IERR)
      CALL MPI_ERROR_CLASS(IERR, CLASS, IERR)
      IF (CLASS .NE. MPI_ERR_SPAWN .OR. INTER .NE. MPI_COMM_NULL) THEN
         ERRS = ERRS + 1
         PRINT *, 'a missing command: class', CLASS
      ENDIF
      IF (ERRS .EQ. 0) PRINT *, 'No Errors'
      END

C     The parent's side: N children's error counts and numbers of
C     arguments (NARGS each), then disconnect.
      SUBROUTINE GATHER(INTER, N, NARGS, IERR, ERRS)
      INCLUDE 'mpif.h'
      INTEGER INTER, N, NARGS, IERR, ERRS, I, E(2), RSIZE
      IF (IERR .NE. MPI_SUCCESS) THEN
         ERRS = ERRS + 1
         PRINT *, 'spawn returned', IERR
         RETURN
      ENDIF
      CALL MPI_COMM_REMOTE_SIZE(INTER, RSIZE, IERR)
      IF (RSIZE .NE. N) THEN
         ERRS = ERRS + 1
         PRINT *, 'remote size', RSIZE, ' not', N
      ENDIF
      DO I = 0, RSIZE - 1
         CALL MPI_RECV(E, 2, MPI_INTEGER, I, 0, INTER,
     &        MPI_STATUS_IGNORE, IERR)
         ERRS = ERRS + E(1)
         IF (E(2) .NE. NARGS) THEN
            ERRS = ERRS + 1
            PRINT *, 'child', I, ' has', E(2), ' arguments, not', NARGS
         ENDIF
      ENDDO
      CALL MPI_COMM_DISCONNECT(INTER, IERR)
      END

C     A child: spawn 1 (world of 2, no arguments) or spawn 2 (world of
C     2, MPI_APPNUM 0 with 'x' 'y', MPI_APPNUM 1 with 'p q' 'z').
      SUBROUTINE CHILD_CHECK(PARENT)
      INCLUDE 'mpif.h'
      INTEGER PARENT, IERR, ERRS, WSIZE, NARGS, I, E(2)
      INTEGER (KIND=MPI_ADDRESS_KIND) APPNUM
      LOGICAL FLAG
      CHARACTER*8 ARG, WANT(2, 2)
      DATA WANT /'x', 'p q', 'y', 'z'/
      ERRS = 0
      CALL MPI_COMM_SIZE(MPI_COMM_WORLD, WSIZE, IERR)
      IF (WSIZE .NE. 2) ERRS = ERRS + 1
      CALL MPI_COMM_GET_ATTR(MPI_COMM_WORLD, MPI_APPNUM, APPNUM, FLAG,
     &     IERR)
      NARGS = COMMAND_ARGUMENT_COUNT()
      IF (NARGS .EQ. 2) THEN
         DO I = 1, 2
            CALL GET_COMMAND_ARGUMENT(I, ARG)
            IF (ARG .NE. WANT(APPNUM + 1, I)) THEN
               ERRS = ERRS + 1
               PRINT *, 'child', APPNUM, ' argument', I, ' is [', ARG,
     &              ']'
            ENDIF
         ENDDO
      ENDIF
      E(1) = ERRS
      E(2) = NARGS
      CALL MPI_SEND(E, 2, MPI_INTEGER, 0, 0, PARENT, IERR)
      CALL MPI_COMM_DISCONNECT(PARENT, IERR)
      END
