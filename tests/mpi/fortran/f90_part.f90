! Partitioned communication from Fortran (mpi module): 4 send partitions of 2 integers, made
! ready with MPI_Pready_range and MPI_Pready_list, into 2 receive partitions of 4, polled with
! MPI_Parrived (a logical flag); the count is INTEGER(KIND=MPI_COUNT_KIND), as MPI-4.0 says.
program parttest
    use mpi
    implicit none
    integer :: ierr, rank, errs, req, i, parts(2)
    integer :: buf(8)
    integer(kind=MPI_COUNT_KIND) :: cnt
    logical :: flag

    errs = 0
    call MPI_Init(ierr)
    call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
    if (rank == 0) then
        buf = (/ (10 * i, i = 1, 8) /)
        cnt = 2
        call MPI_Psend_init(buf, 4, cnt, MPI_INTEGER, 1, 0, MPI_COMM_WORLD, MPI_INFO_NULL, req, ierr)
        call MPI_Start(req, ierr)
        call MPI_Pready_range(0, 1, req, ierr)
        parts = (/ 3, 2 /)
        call MPI_Pready_list(2, parts, req, ierr)
        call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
        call MPI_Request_free(req, ierr)
    else if (rank == 1) then
        buf = 0
        cnt = 4
        call MPI_Precv_init(buf, 2, cnt, MPI_INTEGER, 0, 0, MPI_COMM_WORLD, MPI_INFO_NULL, req, ierr)
        call MPI_Start(req, ierr)
        flag = .false.
        do while (.not. flag)
            call MPI_Parrived(req, 0, flag, ierr)
        end do
        if (buf(4) /= 40) errs = errs + 1
        call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
        do i = 1, 8
            if (buf(i) /= 10 * i) errs = errs + 1
        end do
        call MPI_Request_free(req, ierr)
    end if
    call MPI_Allreduce(MPI_IN_PLACE, errs, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
    if (rank == 0 .and. errs == 0) print '(a)', ' No Errors'
    if (rank == 0 .and. errs /= 0) print *, 'Found', errs, 'errors'
    call MPI_Finalize(ierr)
end program parttest
