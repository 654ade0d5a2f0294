! Point-to-point through the mpi_f08 module on two ranks of the default platform (computation
! off): TYPE(MPI_Status) and its components, MPI_Get_count, handles compared with == and /=,
! array sections (non-contiguous) as send and receive buffers of blocking calls (a contiguous
! copy) and of nonblocking ones (a datatype over the elements), MPI_Waitall with an array of
! statuses, ierror absent and present, mixing with `use mpi` through MPI_VAL and
! MPI_Status_f082f/f2f08. The time of a message is checked against the closed form of
! tests/mpi/part/part_model.h: 2 us x lat_factor(b) + b / (1.25e9 B/s x bw_factor(b)), b the
! bytes with SMPI's 16-byte envelope; 1000 INTEGERs (b = 4016) take
! 2e-6 x 1.88101 + 4016 / (1.25e9 x 0.77493) s, whether the buffer is contiguous or a section.
! A routine of the old `mpi` module given an mpi_f08 communicator's integer.
subroutine old_rank(fcomm, rank)
    use mpi
    implicit none
    integer, intent(in) :: fcomm
    integer, intent(out) :: rank
    integer :: ierr

    call MPI_Comm_rank(fcomm, rank, ierr)
end subroutine old_rank

program f08_p2p
    use mpi_f08
    implicit none
    integer, parameter :: n = 1000
    double precision, parameter :: expected = 2d-6 * 1.88101d0 + 4016d0 / (1.25d9 * 0.77493d0)
    integer :: rank, size, ierr, i, cnt, peer, orank
    integer :: a(2 * n), b(n), c(3, n)
    integer :: fstat(MPI_STATUS_SIZE)
    double precision :: t0, t1
    type(MPI_Status) :: status, statuses(2), back
    type(MPI_Request) :: reqs(2)
    type(MPI_Comm) :: dup
    integer :: errs = 0

    call MPI_Init()
    call MPI_Comm_rank(MPI_COMM_WORLD, rank)
    call MPI_Comm_size(MPI_COMM_WORLD, size, ierr)
    call check(ierr == MPI_SUCCESS .and. size == 2, 'MPI_Comm_size')
    call old_rank(MPI_COMM_WORLD%MPI_VAL, orank)
    call check(orank == rank, 'the mpi module on MPI_COMM_WORLD%MPI_VAL')
    call check(MPI_COMM_WORLD == MPI_COMM_WORLD .and. MPI_COMM_WORLD /= MPI_COMM_SELF, '==, /=')
    peer = 1 - rank

    ! Contiguous: time and status.
    call MPI_Barrier(MPI_COMM_WORLD)
    t0 = MPI_Wtime()
    if (rank == 0) then
        b = (/ (i, i = 1, n) /)
        call MPI_Send(b, n, MPI_INTEGER, 1, 7, MPI_COMM_WORLD)
    else
        b = 0
        call MPI_Recv(b, n, MPI_INTEGER, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, status, ierr)
        t1 = MPI_Wtime()
        call check(abs((t1 - t0) - expected) < 1d-9, 'the time of a contiguous message')
        call check(status%MPI_SOURCE == 0 .and. status%MPI_TAG == 7, 'status source and tag')
        call check(status%MPI_ERROR == MPI_SUCCESS .or. ierr == MPI_SUCCESS, 'status error')
        call MPI_Get_count(status, MPI_INTEGER, cnt)
        call check(cnt == n, 'MPI_Get_count')
        call check(all(b == (/ (i, i = 1, n) /)), 'contiguous data')
    end if

    ! Non-contiguous sections of blocking calls: every other element of a, a row of c.
    call MPI_Barrier(MPI_COMM_WORLD)
    t0 = MPI_Wtime()
    if (rank == 0) then
        a = (/ (i, i = 1, 2 * n) /)
        call MPI_Send(a(1:2 * n:2), n, MPI_INTEGER, 1, 8, MPI_COMM_WORLD)
    else
        c = -1
        call MPI_Recv(c(2, :), n, MPI_INTEGER, 0, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE)
        t1 = MPI_Wtime()
        call check(abs((t1 - t0) - expected) < 1d-9, 'the time of a section')
        call check(all(c(2, :) == (/ (2 * i - 1, i = 1, n) /)), 'section data')
        call check(all(c(1, :) == -1) .and. all(c(3, :) == -1), 'around the section')
    end if

    ! Nonblocking sections from rank 0 to rank 1; MPI_Waitall with statuses and a null request.
    call MPI_Barrier(MPI_COMM_WORLD)
    t0 = MPI_Wtime()
    c = -1
    a = (/ (i, i = 1, 2 * n) /)
    reqs(2) = MPI_REQUEST_NULL
    if (rank == 0) then
        call MPI_Isend(a(2:2 * n:2), n, MPI_INTEGER, 1, 9, MPI_COMM_WORLD, reqs(1))
    else
        call MPI_Irecv(c(3, :), n, MPI_INTEGER, 0, 9, MPI_COMM_WORLD, reqs(1))
    end if
    call MPI_Waitall(2, reqs, statuses, ierr)
    t1 = MPI_Wtime()
    call check(ierr == MPI_SUCCESS, 'MPI_Waitall')
    call check(reqs(1) == MPI_REQUEST_NULL .and. reqs(2) == MPI_REQUEST_NULL, 'requests freed')
    if (rank == 1) then
        call check(statuses(1)%MPI_SOURCE == 0 .and. statuses(1)%MPI_TAG == 9, 'statuses(1)')
        call check(statuses(2)%MPI_SOURCE == MPI_ANY_SOURCE, 'the status of a null request')
        call check(all(c(3, :) == (/ (2 * i, i = 1, n) /)), 'nonblocking section')
        call check(all(c(1:2, :) == -1), 'around the nonblocking section')
        call check(abs((t1 - t0) - expected) < 1d-9, 'the time of a nonblocking section')
    end if

    ! Statuses shared with the mpi module.
    call MPI_Sendrecv(rank, 1, MPI_INTEGER, peer, 3, i, 1, MPI_INTEGER, peer, 3, MPI_COMM_WORLD, &
                      status)
    call check(i == peer, 'MPI_Sendrecv')
    call MPI_Status_f082f(status, fstat)
    call check(fstat(MPI_SOURCE) == peer .and. fstat(MPI_TAG) == 3, 'MPI_Status_f082f')
    call MPI_Status_f2f08(fstat, back)
    call MPI_Get_count(back, MPI_INTEGER, cnt)
    call check(back%MPI_SOURCE == peer .and. cnt == 1, 'MPI_Status_f2f08')

    ! A handle made here, freed to MPI_COMM_NULL.
    call MPI_Comm_dup(MPI_COMM_WORLD, dup)
    call check(dup /= MPI_COMM_WORLD .and. dup /= MPI_COMM_NULL, 'MPI_Comm_dup')
    call MPI_Comm_free(dup)
    call check(dup == MPI_COMM_NULL, 'MPI_Comm_free')

    call MPI_Allreduce(MPI_IN_PLACE, errs, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
    if (rank == 0 .and. errs == 0) print '(a)', ' No Errors'
    call MPI_Finalize()
contains
    subroutine check(ok, what)
        logical, intent(in) :: ok
        character(len=*), intent(in) :: what

        if (.not. ok) then
            errs = errs + 1
            print '(a,a)', ' failed: ', what
        end if
    end subroutine check
end program f08_p2p
