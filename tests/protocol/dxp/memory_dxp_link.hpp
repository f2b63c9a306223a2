#pragma once
// An in-memory DXP connection for tests: two ends, each a DxpTransport, that pass messages to
// each other through queues. Every message goes through the codec (formatted, then parsed), so a
// message that could not cross a real connection cannot cross this one either.

#include <array>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <string>

#include "protocol/dxp/dxp_transport.hpp"

namespace draughts::testing {

/// Both ends of one in-memory conversation; either end may hang up, and the other then receives
/// what was sent before, then Closed. Thread-safe: each end is meant for its own thread.
class MemoryDxpLink {
  public:
    /// One end of the link.
    class End final : public protocol::DxpTransport {
      public:
        End(MemoryDxpLink& link, std::size_t side) : link_(link), side_(side) {}

        protocol::DxpSendResult send(const protocol::DxpMessage& message,
                                     protocol::DxpDeadline) override {
            auto text = protocol::format_dxp_message(message);
            if (!text) return {protocol::DxpSendResult::Status::Invalid, text.error().message};
            protocol::DxpReceived received;
            received.status = protocol::DxpReceived::Status::Message;
            received.text = *text;
            auto parsed = protocol::parse_dxp_message(*text);
            if (!parsed) {
                received.status = protocol::DxpReceived::Status::Malformed;
                received.error = parsed.error().message;
            } else {
                received.message = std::move(*parsed);
            }
            if (!link_.deliver(1 - side_, std::move(received)))
                return {protocol::DxpSendResult::Status::Closed, "the connection is closed"};
            return {};
        }

        protocol::DxpReceived receive(protocol::DxpDeadline deadline) override {
            return link_.take(side_, deadline);
        }

        void close() override { link_.hang_up(); }

        /// Makes the other end receive a Malformed report with `error`, as a connection does for
        /// bytes that are no DXP message.
        void send_malformed(const std::string& error) {
            protocol::DxpReceived received;
            received.status = protocol::DxpReceived::Status::Malformed;
            received.error = error;
            link_.deliver(1 - side_, std::move(received));
        }

      private:
        MemoryDxpLink& link_;
        std::size_t side_;
    };

    End& first() { return first_; }
    End& second() { return second_; }

  private:
    bool deliver(std::size_t side, protocol::DxpReceived received) {
        std::lock_guard lock(mutex_);
        if (closed_) return false;
        inbox_[side].push_back(std::move(received));
        changed_.notify_all();
        return true;
    }

    protocol::DxpReceived take(std::size_t side, protocol::DxpDeadline deadline) {
        std::unique_lock lock(mutex_);
        const auto ready = [&] { return closed_ || !inbox_[side].empty(); };
        if (deadline == protocol::kDxpNoDeadline) {
            changed_.wait(lock, ready);
        } else if (!changed_.wait_until(lock, deadline, ready)) {
            protocol::DxpReceived timeout;
            timeout.status = protocol::DxpReceived::Status::Timeout;
            return timeout;
        }
        if (inbox_[side].empty()) return protocol::DxpReceived{};  // Closed
        protocol::DxpReceived next = std::move(inbox_[side].front());
        inbox_[side].pop_front();
        return next;
    }

    void hang_up() {
        std::lock_guard lock(mutex_);
        closed_ = true;
        changed_.notify_all();
    }

    std::mutex mutex_;
    std::condition_variable changed_;
    std::array<std::deque<protocol::DxpReceived>, 2> inbox_;
    bool closed_ = false;
    End first_{*this, 0};
    End second_{*this, 1};
};

}  // namespace draughts::testing
