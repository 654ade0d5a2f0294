! The large-count procedures of mpi_f08 (MPI-4.0 section 19.2) on two ranks of the default
! platform (computation off): a call whose counts are INTEGER(KIND=MPI_COUNT_KIND) resolves to
! the specific MPI_<Name>_c_f08ts (or _c_f08) of the generic MPI_<Name>, which calls C's
! MPI_<Name>_c. A message of 1000 INTEGERs takes the same time whichever form sends it, the
! closed form of f08_p2p (2 us x 1.88101 + 4016 / (1.25e9 x 0.77493) s); MPI_Get_count,
! MPI_Type_size, MPI_Allreduce and MPI_Isend/MPI_Irecv with large counts; a nonblocking large-count
! call on an array section (not contiguous) is MPI_ERR_BUFFER, with ierror present.
program f08_large
    use mpi_f08
    implicit none
    integer, parameter :: n = 1000
    integer(kind=MPI_COUNT_KIND), parameter :: big_n = n
    double precision, parameter :: expected = 2d-6 * 1.88101d0 + 4016d0 / (1.25d9 * 0.77493d0)
    integer :: rank, i, k, ierr, cls, errs
    integer :: b(n), c(2 * n), sums(3)
    integer(kind=MPI_COUNT_KIND) :: cnt, tsize
    double precision :: t0
    type(MPI_Status) :: status
    type(MPI_Request) :: req

    errs = 0
    call MPI_Init()
    call MPI_Comm_rank(MPI_COMM_WORLD, rank)

    ! The default and the large-count send take the same time.
    do i = 1, 2
        call MPI_Barrier(MPI_COMM_WORLD)
        t0 = MPI_Wtime()
        if (rank == 0) then
            b = [(k * 10 + i, k = 1, n)]
            if (i == 1) then
                call MPI_Send(b, n, MPI_INTEGER, 1, i, MPI_COMM_WORLD)
            else
                call MPI_Send(b, big_n, MPI_INTEGER, 1, i, MPI_COMM_WORLD)
            end if
        else
            b = 0
            call MPI_Recv(b, big_n, MPI_INTEGER, 0, i, MPI_COMM_WORLD, status)
            call check(abs((MPI_Wtime() - t0) - expected) < 1d-9, 'the time of a message')
            call MPI_Get_count(status, MPI_INTEGER, cnt)
            call check(cnt == big_n .and. status%MPI_TAG == i, 'MPI_Get_count_c and the status')
            call check(all(b == [(k * 10 + i, k = 1, n)]), 'the data')
        end if
    end do

    call MPI_Type_size(MPI_INTEGER, tsize)
    call check(tsize == 4_MPI_COUNT_KIND, 'MPI_Type_size_c')
    sums = rank + 1
    call MPI_Allreduce(MPI_IN_PLACE, sums, 3_MPI_COUNT_KIND, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
    call check(all(sums == 3), 'MPI_Allreduce_c with MPI_IN_PLACE')

    if (rank == 0) then
        b = 7
        call MPI_Isend(b, big_n, MPI_INTEGER, 1, 9, MPI_COMM_WORLD, req)
    else
        b = 0
        call MPI_Irecv(b, big_n, MPI_INTEGER, 0, 9, MPI_COMM_WORLD, req)
    end if
    call MPI_Wait(req, status)
    call check(all(b == 7), 'MPI_Isend_c and MPI_Irecv_c')

    call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN)
    call MPI_Isend(c(1:2*n:2), big_n, MPI_INTEGER, 1 - rank, 3, MPI_COMM_WORLD, req, ierr)
    call MPI_Error_class(ierr, cls)
    call check(cls == MPI_ERR_BUFFER, 'a section given to MPI_Isend_c')

    call MPI_Allreduce(MPI_IN_PLACE, errs, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
    if (rank == 0 .and. errs == 0) print '(a)', 'No Errors'
    call MPI_Finalize()

contains

    subroutine check(ok, what)
        logical, intent(in) :: ok
        character(len=*), intent(in) :: what

        if (.not. ok) then
            errs = errs + 1
            print '(a, i0, a, a)', 'rank ', rank, ': ', what
        end if
    end subroutine check
end program f08_large
