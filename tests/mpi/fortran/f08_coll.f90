! Collectives and datatypes through the mpi_f08 module on 4 ranks: MPI_Bcast of an array
! section, MPI_Allreduce with MPI_IN_PLACE, MPI_Gather, MPI_Allgatherv, MPI_Alltoall, a user
! operation (MPI_Op_create with the Fortran 2008 MPI_User_function: TYPE(C_PTR), VALUE buffers),
! MPI_Ibcast of a section (a datatype over the section's elements), a nonblocking collective
! whose count and datatype describe two buffers refusing a section (MPI_ERR_BUFFER under
! MPI_ERRORS_RETURN), derived types (MPI_Type_vector, MPI_Type_create_struct from
! MPI_Get_address over a SEQUENCE type), MPI_Comm_split, MPI_Comm_get_attr(MPI_TAG_UB) and
! the CHARACTER arguments of MPI_Comm_set_name/MPI_Comm_get_name, MPI_Get_processor_name and
! MPI_Error_string.
program f08_coll
    use mpi_f08
    implicit none
    type pair
        sequence
        integer :: key
        double precision :: value
    end type pair
    integer :: rank, size, i, j, errs, ierr, len, ks(4), displs(4), counts(4)
    integer :: a(3, 8), g(4), all(10), x(4), y(4), mx(2)
    integer(MPI_ADDRESS_KIND) :: tag_ub, base, disp(2)
    logical :: flag
    type(pair) :: p(3)
    type(MPI_Datatype) :: vec, ptype
    type(MPI_Comm) :: half
    type(MPI_Op) :: op
    type(MPI_Request) :: req
    character(len=MPI_MAX_OBJECT_NAME) :: name
    character(len=MPI_MAX_PROCESSOR_NAME) :: host
    character(len=MPI_MAX_ERROR_STRING) :: msg
    procedure(MPI_User_function) :: imax

    errs = 0
    call MPI_Init()
    call MPI_Comm_rank(MPI_COMM_WORLD, rank)
    call MPI_Comm_size(MPI_COMM_WORLD, size)

    ! A section of a 2-D array as the buffer of a blocking and of a nonblocking broadcast.
    a = -1
    if (rank == 0) a(2, :) = (/ (10 * i, i = 1, 8) /)
    call MPI_Bcast(a(2, :), 8, MPI_INTEGER, 0, MPI_COMM_WORLD)
    if (any(a(2, :) /= (/ (10 * i, i = 1, 8) /)) .or. any(a(1, :) /= -1)) errs = errs + 1
    if (rank == 1) a(3, 1:8:2) = (/ (i, i = 1, 4) /)
    call MPI_Ibcast(a(3, 1:8:2), 4, MPI_INTEGER, 1, MPI_COMM_WORLD, req)
    call MPI_Wait(req, MPI_STATUS_IGNORE)
    if (any(a(3, 1:8:2) /= (/ (i, i = 1, 4) /)) .or. any(a(3, 2:8:2) /= -1)) errs = errs + 1

    ! MPI_IN_PLACE, gathers and all-to-all.
    x = rank + 1
    call MPI_Allreduce(MPI_IN_PLACE, x, 4, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
    if (ierr /= MPI_SUCCESS .or. any(x /= size * (size + 1) / 2)) errs = errs + 1
    call MPI_Gather(rank, 1, MPI_INTEGER, g, 1, MPI_INTEGER, 0, MPI_COMM_WORLD)
    if (rank == 0 .and. any(g /= (/ 0, 1, 2, 3 /))) errs = errs + 1
    counts = (/ (i, i = 1, 4) /)
    displs = (/ 0, 1, 3, 6 /)
    ks = rank
    all = -1
    call MPI_Allgatherv(ks, rank + 1, MPI_INTEGER, all, counts, displs, MPI_INTEGER, &
                        MPI_COMM_WORLD)
    if (any(all /= (/ 0, 1, 1, 2, 2, 2, 3, 3, 3, 3 /))) errs = errs + 1
    x = (/ (10 * rank + j, j = 0, 3) /)
    call MPI_Alltoall(x, 1, MPI_INTEGER, y, 1, MPI_INTEGER, MPI_COMM_WORLD)
    if (any(y /= (/ (10 * j + rank, j = 0, 3) /))) errs = errs + 1

    ! A user operation.
    call MPI_Op_create(imax, .true., op)
    mx = (/ rank, -rank /)
    call MPI_Allreduce(MPI_IN_PLACE, mx, 2, MPI_INTEGER, op, MPI_COMM_WORLD)
    if (mx(1) /= size - 1 .or. mx(2) /= 0) errs = errs + 1
    call MPI_Op_free(op)
    if (op /= MPI_OP_NULL) errs = errs + 1

    ! Sections whose count and datatype also describe the other buffer: refused, not misread.
    call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN)
    call MPI_Iallreduce(a(1, 1:8:2), a(2, 1:8:2), 4, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, req, &
                        ierr)
    if (ierr /= MPI_ERR_BUFFER) errs = errs + 1
    call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL)

    ! Derived types: every other column of a, and a SEQUENCE type.
    call MPI_Type_vector(4, 3, 6, MPI_INTEGER, vec)
    call MPI_Type_commit(vec)
    if (rank == 0) a = reshape((/ (i, i = 1, 24) /), (/ 3, 8 /))
    if (rank /= 0) a = 0
    call MPI_Bcast(a, 1, vec, 0, MPI_COMM_WORLD)
    if (rank /= 0) then
        if (a(2, 3) /= 8 .or. a(2, 2) /= 0 .or. a(3, 7) /= 21) errs = errs + 1
    end if
    call MPI_Type_free(vec)
    call MPI_Get_address(p(1)%key, base)
    call MPI_Get_address(p(1)%value, disp(2))
    disp(1) = 0
    disp(2) = MPI_Aint_diff(disp(2), base)
    call MPI_Type_create_struct(2, (/ 1, 1 /), disp, (/ MPI_INTEGER, MPI_DOUBLE_PRECISION /), &
                                ptype)
    call MPI_Type_commit(ptype)
    p = pair(0, 0d0)
    if (rank == 2) p = (/ (pair(i, i * 0.5d0), i = 1, 3) /)
    call MPI_Bcast(p, 3, ptype, 2, MPI_COMM_WORLD)
    if (p(3)%key /= 3 .or. p(3)%value /= 1.5d0) errs = errs + 1
    call MPI_Type_free(ptype)

    ! Communicators, attributes and strings.
    call MPI_Comm_split(MPI_COMM_WORLD, mod(rank, 2), rank, half)
    call MPI_Comm_size(half, i)
    if (i /= 2) errs = errs + 1
    call MPI_Comm_set_name(half, 'half')
    call MPI_Comm_get_name(half, name, len)
    if (name /= 'half' .or. len /= 4) errs = errs + 1
    call MPI_Comm_free(half)
    call MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, tag_ub, flag)
    if (.not. flag .or. tag_ub < 32767) errs = errs + 1
    call MPI_Get_processor_name(host, len)
    if (len <= 0 .or. len_trim(host) /= len) errs = errs + 1
    call MPI_Error_string(MPI_ERR_BUFFER, msg, len)
    if (len <= 0 .or. len_trim(msg) /= len) errs = errs + 1

    call MPI_Reduce(errs, i, 1, MPI_INTEGER, MPI_SUM, 0, MPI_COMM_WORLD)
    if (rank == 0 .and. i == 0) print '(a)', ' No Errors'
    if (rank == 0 .and. i /= 0) print *, 'Found', i, 'errors'
    call MPI_Finalize()
end program f08_coll

! inout(i) = max(in(i), inout(i)) on INTEGERs (an external procedure: the program's own
! procedures would need trampolines on the stack).
subroutine imax(invec, inoutvec, len, datatype)
    use, intrinsic :: iso_c_binding, only: c_ptr, c_f_pointer
    use mpi_f08
    implicit none
    type(c_ptr), value :: invec, inoutvec
    integer :: len
    type(MPI_Datatype) :: datatype
    integer, pointer :: a(:), b(:)

    call c_f_pointer(invec, a, (/ len /))
    call c_f_pointer(inoutvec, b, (/ len /))
    if (datatype == MPI_INTEGER) b = max(a, b)
end subroutine imax
