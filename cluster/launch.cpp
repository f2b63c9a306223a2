#include <cstdlib>
#include <string_view>

#include "cluster/transport.hpp"
#include "common/text.hpp"

namespace draughts::cluster {

bool launched_as_rank() {
    // Open MPI's mpirun sets OMPI_COMM_WORLD_SIZE, PMIx launchers PMIX_RANK, Slurm's srun
    // SLURM_STEP_NUM_TASKS; one task alone is no cluster.
    for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"}) {
        const char* value = std::getenv(name);
        if (value == nullptr) continue;
        const auto size = parse_number<int>(std::string_view(value));
        return size && *size > 1;
    }
    return std::getenv("PMIX_RANK") != nullptr;
}

}  // namespace draughts::cluster
