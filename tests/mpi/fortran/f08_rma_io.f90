! One-sided communication, I/O and error handling through the mpi_f08 module on 2 ranks:
! MPI_Win_create and MPI_Put/MPI_Get of array sections between fences (a datatype over the
! section's elements, since the origin buffer is used after the call returns), MPI_Accumulate,
! MPI_Win_allocate (TYPE(C_PTR)), MPI_File_write_at and MPI_File_read_at_all on sections (a
! contiguous copy), errors with ierror present (MPI_ERRORS_RETURN: the code, MPI_Error_class)
! and absent (no store through a missing argument). With the argument "fatal", rank 1 sends to
! rank 5 with no ierror under MPI_ERRORS_ARE_FATAL: the run must stop with the error's message.
program f08_rma_io
    use, intrinsic :: iso_c_binding, only: c_ptr, c_f_pointer
    use mpi_f08
    implicit none
    integer :: rank, peer, i, errs, ierr, cls, intsize
    integer :: w(10), o(2, 5), r(3, 5), fbuf(2, 4), back(3, 4)
    integer(MPI_ADDRESS_KIND) :: wsize
    integer(MPI_OFFSET_KIND) :: off
    type(MPI_Win) :: win
    type(MPI_File) :: fh
    type(MPI_Status) :: status
    type(c_ptr) :: mem
    integer, pointer :: shared(:)
    character(len=16) :: arg

    errs = 0
    call MPI_Init()
    call MPI_Comm_rank(MPI_COMM_WORLD, rank)
    peer = 1 - rank
    call get_command_argument(1, arg)
    if (arg == 'fatal') then
        if (rank == 1) call MPI_Send(i, 1, MPI_INTEGER, 5, 0, MPI_COMM_WORLD)
        call MPI_Barrier(MPI_COMM_WORLD)
        print '(a)', ' the run went on after a fatal error'
    end if
    call MPI_Type_size(MPI_INTEGER, intsize)

    ! Put a row of o (a section) into the peer's window, get it back into a row of r.
    w = 0
    wsize = 10 * intsize
    call MPI_Win_create(w, wsize, intsize, MPI_INFO_NULL, MPI_COMM_WORLD, win)
    o = 0
    o(2, :) = (/ (100 * rank + i, i = 1, 5) /)
    call MPI_Win_fence(0, win)
    call MPI_Put(o(2, :), 5, MPI_INTEGER, peer, 2_MPI_ADDRESS_KIND, 5, MPI_INTEGER, win)
    call MPI_Win_fence(0, win)
    if (any(w(3:7) /= (/ (100 * peer + i, i = 1, 5) /)) .or. any(w(1:2) /= 0)) errs = errs + 1
    r = -1
    call MPI_Get(r(3, :), 5, MPI_INTEGER, peer, 2_MPI_ADDRESS_KIND, 5, MPI_INTEGER, win)
    call MPI_Accumulate(o(2, 1:5:2), 3, MPI_INTEGER, peer, 0_MPI_ADDRESS_KIND, 3, MPI_INTEGER, &
                        MPI_SUM, win)
    call MPI_Win_fence(0, win)
    if (any(r(3, :) /= (/ (100 * rank + i, i = 1, 5) /)) .or. any(r(1:2, :) /= -1)) errs = errs + 1
    if (any(w(1:3) /= (/ 100 * peer + 1, 100 * peer + 3, 200 * peer + 6 /))) &
        errs = errs + 1
    call MPI_Win_free(win)
    if (win /= MPI_WIN_NULL) errs = errs + 1

    ! Memory that MPI allocates, seen through TYPE(C_PTR).
    call MPI_Win_allocate(wsize, intsize, MPI_INFO_NULL, MPI_COMM_WORLD, mem, win)
    call c_f_pointer(mem, shared, (/ 10 /))
    shared = rank
    call MPI_Win_fence(0, win)
    call MPI_Put(rank + 40, 1, MPI_INTEGER, peer, 9_MPI_ADDRESS_KIND, 1, MPI_INTEGER, win)
    call MPI_Win_fence(0, win)
    if (shared(10) /= peer + 40 .or. shared(9) /= rank) errs = errs + 1
    call MPI_Win_free(win)

    ! I/O: each rank writes a section of fbuf at its offset, then reads the whole file.
    call MPI_File_open(MPI_COMM_WORLD, 'f08_rma_io.dat', ior(MPI_MODE_CREATE, MPI_MODE_RDWR), &
                       MPI_INFO_NULL, fh)
    fbuf = reshape((/ (10 * rank + i, i = 1, 8) /), (/ 2, 4 /))
    off = rank * 4 * intsize
    call MPI_File_write_at(fh, off, fbuf(1, :), 4, MPI_INTEGER, status)
    call MPI_Get_count(status, MPI_INTEGER, i)
    if (i /= 4) errs = errs + 1
    call MPI_File_sync(fh)
    call MPI_Barrier(MPI_COMM_WORLD)
    back = -1
    call MPI_File_read_at_all(fh, 0_MPI_OFFSET_KIND, back(2, :), 4, MPI_INTEGER, status, ierr)
    if (ierr /= MPI_SUCCESS .or. any(back(2, :) /= (/ 1, 3, 5, 7 /)) .or. any(back(1, :) /= -1)) &
        errs = errs + 1
    call MPI_File_close(fh)
    call MPI_Barrier(MPI_COMM_WORLD)
    if (rank == 0) call MPI_File_delete('f08_rma_io.dat', MPI_INFO_NULL)

    ! Errors: ierror present, then absent, under MPI_ERRORS_RETURN.
    call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN)
    call MPI_Send(i, 1, MPI_INTEGER, 5, 0, MPI_COMM_WORLD, ierr)
    call MPI_Error_class(ierr, cls)
    if (cls /= MPI_ERR_RANK) errs = errs + 1
    call MPI_Send(i, 1, MPI_INTEGER, 5, 0, MPI_COMM_WORLD)
    call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL)

    call MPI_Allreduce(MPI_IN_PLACE, errs, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
    if (rank == 0 .and. errs == 0) print '(a)', ' No Errors'
    if (rank == 0 .and. errs /= 0) print *, 'Found', errs, 'errors'
    call MPI_Finalize()
end program f08_rma_io
