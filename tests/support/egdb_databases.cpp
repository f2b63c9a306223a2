#include "tests/support/egdb_databases.hpp"

#include <unistd.h>

#include <cstdlib>
#include <map>
#include <mutex>
#include <stdexcept>

#include "egdb/builder.hpp"

namespace draughts::testing {

namespace {

/// Temporary folders of this process, removed at exit.
class Folders {
  public:
    ~Folders() {
        std::error_code ec;
        if (!root_.empty()) std::filesystem::remove_all(root_, ec);
    }

    std::filesystem::path make(const std::string& name) {
        if (root_.empty()) {
            root_ = std::filesystem::temp_directory_path() /
                    ("draughts-egdb-test-" + std::to_string(::getpid()));
            std::filesystem::create_directories(root_);
        }
        return root_ / name;
    }

  private:
    std::filesystem::path root_;
};

struct Registry {
    std::mutex mutex;
    Folders folders;
    std::map<std::string, std::filesystem::path> built;
    std::map<std::string, std::shared_ptr<const egdb::Database>> opened;
};

Registry& registry() {
    static Registry r;  // test support only: the databases of one test process
    return r;
}

std::string key_of(int pieces, const std::vector<std::string>& extra) {
    std::string key = std::to_string(pieces);
    for (const std::string& name : extra) key += "-" + name;
    return key;
}

}  // namespace

const std::filesystem::path& test_database(int pieces, const std::vector<std::string>& extra) {
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    const std::string key = key_of(pieces, extra);
    if (const auto it = r.built.find(key); it != r.built.end()) return it->second;
    const std::filesystem::path folder = r.folders.make(key);
    egdb::BuildOptions options;
    options.pieces = pieces;
    options.output = folder;
    for (const egdb::Material& m : egdb::materials_up_to(pieces)) options.only.push_back(m);
    for (const std::string& name : extra) options.only.push_back(*egdb::Material::parse(name));
    const auto report = egdb::build_database(options);
    if (!report) throw std::runtime_error("test database: " + report.error().message);
    return r.built.emplace(key, folder).first->second;
}

std::shared_ptr<const egdb::Database> open_test_database(int pieces,
                                                         const std::vector<std::string>& extra) {
    const std::filesystem::path& folder = test_database(pieces, extra);
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    auto& db = r.opened[folder.string()];
    if (!db) {
        auto opened = egdb::Database::open(folder);
        if (!opened) throw std::runtime_error("test database: " + opened.error().message);
        db = *opened;
    }
    return db;
}

}  // namespace draughts::testing
