! Free form with the mpi module: a collective (MPI_Allreduce in place and MPI_Bcast), a
! nonblocking exchange with MPI_Waitall and MPI_STATUSES_IGNORE, and a character argument.
program modtest
    use mpi
    implicit none
    integer :: ierr, rank, nprocs, errs, total, reqs(2), left, right, got
    double precision :: x(3)
    character(len=MPI_MAX_PROCESSOR_NAME) :: name
    integer :: namelen

    errs = 0
    call MPI_Init(ierr)
    call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
    call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
    total = rank + 1
    call MPI_Allreduce(MPI_IN_PLACE, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
    if (total /= nprocs * (nprocs + 1) / 2) errs = errs + 1
    x = 0d0
    if (rank == 0) x = (/ 1.5d0, 2.5d0, 3.5d0 /)
    call MPI_Bcast(x, 3, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
    if (x(3) /= 3.5d0) errs = errs + 1
    right = mod(rank + 1, nprocs)
    left = mod(rank + nprocs - 1, nprocs)
    call MPI_Irecv(got, 1, MPI_INTEGER, left, 3, MPI_COMM_WORLD, reqs(1), ierr)
    call MPI_Isend(rank, 1, MPI_INTEGER, right, 3, MPI_COMM_WORLD, reqs(2), ierr)
    call MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE, ierr)
    if (got /= left .or. reqs(1) /= MPI_REQUEST_NULL) errs = errs + 1
    name = 'x'
    call MPI_Get_processor_name(name, namelen, ierr)
    if (namelen < 1 .or. len_trim(name) /= namelen) errs = errs + 1
    call MPI_Allreduce(MPI_IN_PLACE, errs, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
    if (rank == 0 .and. errs == 0) print '(a)', ' No Errors'
    if (rank == 0 .and. errs /= 0) print *, 'Found', errs, 'errors'
    call MPI_Finalize(ierr)
end program modtest
