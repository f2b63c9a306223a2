#include "system/net/socket_owner.hpp"

#include <arpa/inet.h>
#include <dirent.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "common/system_error.hpp"

namespace draughts::harness {

namespace {

/// An endpoint as /proc/net/tcp{,6} writes it: the address's bytes in hexadecimal as the kernel
/// stores them (32-bit words in host order), a colon, the port in hexadecimal.
std::string proc_endpoint(const sockaddr_storage& address) {
    char text[64] = {};
    if (address.ss_family == AF_INET) {
        const auto& in = reinterpret_cast<const sockaddr_in&>(address);
        std::uint32_t word = 0;
        std::memcpy(&word, &in.sin_addr, 4);
        std::snprintf(text, sizeof text, "%08X:%04X", word, ntohs(in.sin_port));
        return text;
    }
    const auto& in6 = reinterpret_cast<const sockaddr_in6&>(address);
    std::string out;
    for (int w = 0; w < 4; ++w) {
        std::uint32_t word = 0;
        std::memcpy(&word, reinterpret_cast<const unsigned char*>(&in6.sin6_addr) + 4 * w, 4);
        std::snprintf(text, sizeof text, "%08X", word);
        out += text;
    }
    std::snprintf(text, sizeof text, ":%04X", ntohs(in6.sin6_port));
    return out + text;
}

/// The inode of the row of `table` whose local end is `local` and remote end `remote`.
std::optional<unsigned long> find_inode(const char* table, const std::string& local,
                                        const std::string& remote) {
    std::ifstream in(table);
    std::string line;
    std::getline(in, line);  // the header
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string slot, local_end, remote_end, state, queues, timer, retransmits, uid, timeout;
        unsigned long inode = 0;
        fields >> slot >> local_end >> remote_end >> state >> queues >> timer >> retransmits >>
            uid >> timeout >> inode;
        if (fields && local_end == local && remote_end == remote) return inode;
    }
    return std::nullopt;
}

/// The parent of every process, from /proc/PID/stat.
std::map<pid_t, pid_t> parents() {
    std::map<pid_t, pid_t> out;
    DIR* proc = ::opendir("/proc");
    if (proc == nullptr) return out;
    while (const dirent* entry = ::readdir(proc)) {
        char* end = nullptr;
        const long pid = std::strtol(entry->d_name, &end, 10);
        if (end == entry->d_name || *end != '\0') continue;
        std::ifstream stat(std::string("/proc/") + entry->d_name + "/stat");
        std::string text;
        std::getline(stat, text);
        // "PID (COMMAND) STATE PPID ...": the command may hold spaces and parentheses.
        const std::size_t close = text.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream rest(text.substr(close + 1));
        std::string state;
        long parent = 0;
        if (rest >> state >> parent) out[static_cast<pid_t>(pid)] = static_cast<pid_t>(parent);
    }
    ::closedir(proc);
    return out;
}

std::string command_of(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/comm");
    std::string name;
    std::getline(in, name);
    return name.empty() ? "?" : name;
}

}  // namespace

Expected<std::optional<unsigned long>> peer_socket_inode(int fd) {
    sockaddr_storage mine{};
    sockaddr_storage theirs{};
    socklen_t size = sizeof mine;
    if (::getsockname(fd, reinterpret_cast<sockaddr*>(&mine), &size) != 0)
        return make_error(with_errno("getsockname"));
    size = sizeof theirs;
    if (::getpeername(fd, reinterpret_cast<sockaddr*>(&theirs), &size) != 0)
        return make_error(with_errno("getpeername"));
    // The peer's row has the peer's endpoint as its local end.
    const char* table = mine.ss_family == AF_INET ? "/proc/net/tcp" : "/proc/net/tcp6";
    return find_inode(table, proc_endpoint(theirs), proc_endpoint(mine));
}

std::vector<pid_t> process_tree(pid_t root) {
    const std::map<pid_t, pid_t> parent_of = parents();
    std::vector<pid_t> tree{root};
    for (std::size_t i = 0; i < tree.size(); ++i)
        for (const auto& [pid, parent] : parent_of)
            if (parent == tree[i]) tree.push_back(pid);
    return tree;
}

std::optional<pid_t> socket_holder(unsigned long inode, const std::vector<pid_t>& pids) {
    const std::string wanted = "socket:[" + std::to_string(inode) + "]";
    for (const pid_t pid : pids) {
        const std::string folder = "/proc/" + std::to_string(pid) + "/fd";
        DIR* fds = ::opendir(folder.c_str());
        if (fds == nullptr) continue;
        bool found = false;
        while (const dirent* entry = ::readdir(fds)) {
            std::array<char, 64> target{};
            const std::string link = folder + "/" + entry->d_name;
            const ssize_t n = ::readlink(link.c_str(), target.data(), target.size() - 1);
            if (n > 0 && wanted == std::string(target.data(), static_cast<std::size_t>(n))) {
                found = true;
                break;
            }
        }
        ::closedir(fds);
        if (found) return pid;
    }
    return std::nullopt;
}

std::optional<std::string> foreign_peer(int fd, pid_t root) {
    const auto inode = peer_socket_inode(fd);
    if (!inode) return "cannot tell who connected: " + inode.error().message;
    if (!*inode) return std::string("the connection comes from another machine");
    const std::vector<pid_t> tree = process_tree(root);
    if (socket_holder(**inode, tree)) return std::nullopt;
    // Say who it was, when that can be found (any process of this machine).
    std::vector<pid_t> everyone;
    for (const auto& [pid, parent] : parents()) everyone.push_back(pid);
    const auto holder = socket_holder(**inode, everyone);
    const std::string who =
        holder ? "process " + std::to_string(*holder) + " (" + command_of(*holder) + ")"
               : std::string("a process this user cannot see");
    return "the connection comes from " + who + ", not from the engine's process " +
           std::to_string(root) + " or its children";
}

}  // namespace draughts::harness
