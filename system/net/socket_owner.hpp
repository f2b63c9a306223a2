#pragma once
// Which process holds the other end of an accepted TCP connection on this machine. A harness
// that listens for the DXP engine it started must not take a connection from anyone else on the
// machine: a stray program, or another match's engine that found the port first, would otherwise
// play the games (docs/protocols.md). Linux tells who owns a socket through /proc: the
// connection's row in /proc/net/tcp (or tcp6) gives the peer socket's inode, and the process whose
// /proc/PID/fd holds "socket:[INODE]" owns it.

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

#include "common/expected.hpp"

namespace draughts::harness {

/// The inode of the socket at the other end of the connected TCP socket `fd`, when that end is
/// on this machine; nullopt when /proc knows no such socket (a remote peer). Errors name what
/// could not be read.
Expected<std::optional<unsigned long>> peer_socket_inode(int fd);

/// `root` and every process descended from it (children, grandchildren, ...), read from /proc.
std::vector<pid_t> process_tree(pid_t root);

/// The first of `pids` that holds the socket `inode` open, if any.
std::optional<pid_t> socket_holder(unsigned long inode, const std::vector<pid_t>& pids);

/// Why the peer of `fd` is not `root` or one of its descendants ("the connection comes from
/// process 4711 (nc), not from the engine's process 4702 or its children"); nullopt when it is.
std::optional<std::string> foreign_peer(int fd, pid_t root);

}  // namespace draughts::harness
