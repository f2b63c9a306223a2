// Who holds the other end of an accepted loopback connection (system/net/socket_owner.hpp): a
// listener can tell the process it started (or its children) from any other program of the
// machine, and refuse the others while it waits on.

#include "system/net/socket_owner.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <string>
#include <vector>

#include "system/net/tcp_listener.hpp"

namespace draughts::harness {
namespace {

using namespace std::chrono_literals;

/// A child process that sleeps until killed: a process tree this test is not part of.
class Sleeper {
  public:
    Sleeper() : pid_(::fork()) {
        if (pid_ == 0) {
            ::execlp("sleep", "sleep", "30", static_cast<char*>(nullptr));
            ::_exit(127);
        }
    }
    ~Sleeper() {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
    }
    Sleeper(const Sleeper&) = delete;
    Sleeper& operator=(const Sleeper&) = delete;
    pid_t pid() const { return pid_; }

  private:
    pid_t pid_;
};

TEST(SocketOwner, ThePeerOfALoopbackConnectionIsFoundInItsProcessTree) {
    // Started before the sockets exist: a forked child holds its parent's descriptors until it
    // execs, and would hold the client end for that moment (a failure seen under TSan).
    const Sleeper other;
    auto listener = TcpListener::listen("127.0.0.1", 0);
    ASSERT_TRUE(listener) << listener.error().message;
    auto client = TcpConnection::connect("127.0.0.1", listener->port(), deadline_after(2s));
    ASSERT_TRUE(client) << client.error().message;
    auto server = listener->accept(deadline_after(2s));
    ASSERT_TRUE(server) << server.error().message;
    const auto inode = peer_socket_inode(server->fd());
    ASSERT_TRUE(inode) << inode.error().message;
    ASSERT_TRUE(inode->has_value());
    EXPECT_EQ(socket_holder(**inode, {::getpid()}), ::getpid());
    // This process holds the client end: it is its own tree's, and not a stranger's.
    EXPECT_EQ(foreign_peer(server->fd(), ::getpid()), std::nullopt);
    const auto reason = foreign_peer(server->fd(), other.pid());
    ASSERT_TRUE(reason);
    EXPECT_NE(reason->find("comes from process " + std::to_string(::getpid())), std::string::npos)
        << *reason;
    EXPECT_NE(reason->find("not from the engine's process " + std::to_string(other.pid())),
              std::string::npos)
        << *reason;
}

TEST(SocketOwner, AProcessTreeHoldsItsRootAndItsChildren) {
    const Sleeper child;  // a child of this process
    const auto tree = process_tree(::getpid());
    EXPECT_EQ(tree.front(), ::getpid());
    EXPECT_NE(std::find(tree.begin(), tree.end(), child.pid()), tree.end());
    EXPECT_EQ(process_tree(child.pid()), std::vector<pid_t>{child.pid()});
}

TEST(SocketOwner, AListenerRefusesAStrangerAndTakesTheNextConnection) {
    auto listener = TcpListener::listen("127.0.0.1", 0);
    ASSERT_TRUE(listener) << listener.error().message;
    auto first = TcpConnection::connect("127.0.0.1", listener->port(), deadline_after(2s));
    auto second = TcpConnection::connect("127.0.0.1", listener->port(), deadline_after(2s));
    ASSERT_TRUE(first && second);
    int judged = 0;
    auto accepted = listener->accept(
        deadline_after(2s), {}, [&](const TcpConnection&) -> std::optional<std::string> {
            return judged++ == 0 ? std::optional<std::string>("a stranger") : std::nullopt;
        });
    ASSERT_TRUE(accepted) << accepted.error().message;
    EXPECT_EQ(judged, 2);
    // Refusing every one: the deadline's error names them.
    auto third = TcpConnection::connect("127.0.0.1", listener->port(), deadline_after(2s));
    ASSERT_TRUE(third);
    auto none = listener->accept(deadline_after(300ms), {}, [](const TcpConnection&) {
        return std::optional<std::string>("not the engine");
    });
    ASSERT_FALSE(none);
    EXPECT_NE(none.error().message.find("refused a connection: not the engine"), std::string::npos)
        << none.error().message;
}

}  // namespace
}  // namespace draughts::harness
