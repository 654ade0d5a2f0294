! MPI_Comm_spawn and MPI_Comm_spawn_multiple through the mpi_f08 module (one rank of the default
! platform spawns copies of itself). The first spawn starts two children with the arguments
! 'a', ' b' (mpi_f08 keeps leading blanks, as MPICH's does) and 'c d', ended by a blank
! element, and MPI_ERRCODES_IGNORE; the second one child of each of two commands with
! MPI_ARGVS_NULL (no arguments) and an array of error codes, ierror absent. Each child checks its
! arguments, its world size and MPI_APPNUM, and sends its error count to the parent over
! MPI_Comm_get_parent's intercommunicator with its number of arguments, which the parent checks;
! both sides disconnect.
program f08_spawn
    use mpi_f08
    implicit none
    type(MPI_Comm) :: parent

    call MPI_Init()
    call MPI_Comm_get_parent(parent)
    if (parent /= MPI_COMM_NULL) then
        call child(parent)
    else
        call spawner()
    end if
    call MPI_Finalize()

contains

    subroutine spawner()
        type(MPI_Comm) :: inter
        type(MPI_Info) :: infos(2)
        character(len=6) :: args(4)
        character(len=20) :: cmds(2)
        integer :: codes(2), ierr, errs

        errs = 0
        args = [character(len=6) :: 'a', ' b', 'c d', ' ']
        call MPI_Comm_spawn('./f08_spawn', args, 2, MPI_INFO_NULL, 0, MPI_COMM_WORLD, inter, &
                            MPI_ERRCODES_IGNORE, ierr)
        call gather(inter, 2, 3, ierr, errs)
        cmds = './f08_spawn'
        infos = MPI_INFO_NULL
        codes = -1
        call MPI_Comm_spawn_multiple(2, cmds, MPI_ARGVS_NULL, [1, 1], infos, 0, MPI_COMM_WORLD, &
                                     inter, codes)
        if (any(codes /= MPI_SUCCESS)) then
            errs = errs + 1
            print *, 'spawn_multiple: errcodes', codes
        end if
        call gather(inter, 2, 0, MPI_SUCCESS, errs)
        if (errs == 0) print '(a)', 'No Errors'
    end subroutine spawner

    ! The parent's side: n children's error counts and numbers of arguments (nargs each), then
    ! disconnect.
    subroutine gather(inter, n, nargs, ierr, errs)
        type(MPI_Comm), intent(inout) :: inter
        integer, intent(in) :: n, nargs, ierr
        integer, intent(inout) :: errs
        integer :: i, e(2), rsize

        if (ierr /= MPI_SUCCESS) then
            errs = errs + 1
            print *, 'spawn returned', ierr
            return
        end if
        call MPI_Comm_remote_size(inter, rsize)
        if (rsize /= n) then
            errs = errs + 1
            print *, 'remote size', rsize, ' not', n
        end if
        do i = 0, rsize - 1
            call MPI_Recv(e, 2, MPI_INTEGER, i, 0, inter, MPI_STATUS_IGNORE)
            errs = errs + e(1)
            if (e(2) /= nargs) then
                errs = errs + 1
                print *, 'child', i, ' has', e(2), ' arguments, not', nargs
            end if
        end do
        call MPI_Comm_disconnect(inter)
    end subroutine gather

    ! A child of spawn 1 (MPI_APPNUM 0, three arguments) or of spawn 2 (MPI_APPNUM 0 and 1, none).
    subroutine child(parent)
        type(MPI_Comm), intent(inout) :: parent
        character(len=6), parameter :: want(3) = [character(len=6) :: 'a', ' b', 'c d']
        character(len=6) :: arg
        integer(kind=MPI_ADDRESS_KIND) :: appnum
        logical :: flag
        integer :: errs, wsize, nargs, i

        errs = 0
        call MPI_Comm_size(MPI_COMM_WORLD, wsize)
        call MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_APPNUM, appnum, flag)
        nargs = command_argument_count()
        if (wsize /= 2 .or. .not. flag .or. appnum < 0 .or. appnum > 1) then
            errs = errs + 1
            print *, 'child: world size', wsize, ' appnum', appnum
        end if
        if (nargs == 3) then
            do i = 1, 3
                call get_command_argument(i, arg)
                if (arg /= want(i)) then
                    errs = errs + 1
                    print *, 'child: argument', i, ' is [', arg, ']'
                end if
            end do
        end if
        call MPI_Send([errs, nargs], 2, MPI_INTEGER, 0, 0, parent)
        call MPI_Comm_disconnect(parent)
    end subroutine child
end program f08_spawn
