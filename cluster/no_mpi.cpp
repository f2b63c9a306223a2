// The cluster of a build without Open MPI: there is none (see transport.hpp).

#include "cluster/transport.hpp"

namespace draughts::cluster {

bool built_with_mpi() { return false; }

Expected<std::unique_ptr<Transport>> join_cluster(int&, char**&) {
    if (launched_as_rank())
        return make_error(
            "started as one rank of several (mpirun, srun), but this build has no Open MPI "
            "(configure with Open MPI installed, DRAUGHTS_MPI=ON)");
    return std::unique_ptr<Transport>();
}

}  // namespace draughts::cluster
