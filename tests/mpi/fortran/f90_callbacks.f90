! The bindings that convert more than handles: a user operation written in Fortran, attribute
! values (predefined MPI_TAG_UB, a keyval copied by MPI_COMM_DUP_FN on MPI_Comm_dup), 1-based
! MPI_Waitany indices, MPI-1 INTEGER addresses (MPI_Type_hindexed) and the ranges(3, n)
! array of MPI_Group_range_incl.
subroutine addmod(invec, inoutvec, n, dtype)
    use mpi
    implicit none
    integer :: n, dtype, i
    integer :: invec(n), inoutvec(n)
    do i = 1, n
        inoutvec(i) = mod(invec(i) + inoutvec(i), 7)
    end do
end subroutine addmod

program callbacks
    use mpi
    implicit none
    external :: addmod
    integer :: ierr, rank, nprocs, errs, op, val, res, keyval, dup, idx, reqs(2), buf(2)
    integer :: t, sz, wgroup, egroup, ranges(3, 1)
    integer :: blens(2), displs(2)
    integer(kind=MPI_ADDRESS_KIND) :: aval, extra
    logical :: flag

    errs = 0
    call MPI_Init(ierr)
    call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
    call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)

    call MPI_Op_create(addmod, .true., op, ierr)
    val = rank + 3
    call MPI_Allreduce(val, res, 1, MPI_INTEGER, op, MPI_COMM_WORLD, ierr)
    if (res /= mod(nprocs * 3 + nprocs * (nprocs - 1) / 2, 7)) errs = errs + 1
    call MPI_Op_free(op, ierr)
    if (op /= MPI_OP_NULL) errs = errs + 1

    call MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, aval, flag, ierr)
    if (.not. flag .or. aval < 32767) errs = errs + 1
    extra = 0
    call MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, keyval, extra, ierr)
    aval = 1234567890123_MPI_ADDRESS_KIND
    call MPI_Comm_set_attr(MPI_COMM_WORLD, keyval, aval, ierr)
    call MPI_Comm_dup(MPI_COMM_WORLD, dup, ierr)
    aval = 0
    call MPI_Comm_get_attr(dup, keyval, aval, flag, ierr)
    if (.not. flag .or. aval /= 1234567890123_MPI_ADDRESS_KIND) errs = errs + 1
    call MPI_Comm_free(dup, ierr)
    call MPI_Comm_delete_attr(MPI_COMM_WORLD, keyval, ierr)
    call MPI_Comm_free_keyval(keyval, ierr)

    ! Only the second request can complete: Waitany must say 2.
    call MPI_Irecv(buf(1), 1, MPI_INTEGER, MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, reqs(1), ierr)
    call MPI_Isend(rank, 1, MPI_INTEGER, rank, 5, MPI_COMM_WORLD, reqs(2), ierr)
    call MPI_Waitany(2, reqs, idx, MPI_STATUS_IGNORE, ierr)
    if (idx /= 2 .or. reqs(2) /= MPI_REQUEST_NULL) errs = errs + 1
    call MPI_Recv(buf(2), 1, MPI_INTEGER, rank, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call MPI_Cancel(reqs(1), ierr)
    call MPI_Wait(reqs(1), MPI_STATUS_IGNORE, ierr)

    blens = (/ 1, 1 /)
    displs = (/ 0, 12 /)
    call MPI_Type_hindexed(2, blens, displs, MPI_INTEGER, t, ierr)
    call MPI_Type_commit(t, ierr)
    call MPI_Type_extent(t, sz, ierr)
    if (sz /= 16) errs = errs + 1
    call MPI_Type_free(t, ierr)

    call MPI_Comm_group(MPI_COMM_WORLD, wgroup, ierr)
    ranges(:, 1) = (/ 0, nprocs - 1, 2 /)
    call MPI_Group_range_incl(wgroup, 1, ranges, egroup, ierr)
    call MPI_Group_size(egroup, sz, ierr)
    if (sz /= (nprocs + 1) / 2) errs = errs + 1
    call MPI_Group_free(egroup, ierr)
    call MPI_Group_free(wgroup, ierr)

    call MPI_Allreduce(MPI_IN_PLACE, errs, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
    if (rank == 0 .and. errs == 0) print '(a)', ' No Errors'
    if (rank == 0 .and. errs /= 0) print *, 'Found', errs, 'errors'
    call MPI_Finalize(ierr)
end program callbacks
