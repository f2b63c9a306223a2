#include "harness/dxp/dxp_connection.hpp"

namespace draughts::harness {

DxpConnection::DxpConnection(TcpConnection socket, DxpTrace trace)
    : socket_(std::move(socket)), trace_(std::move(trace)) {}

DxpSendResult DxpConnection::send(const protocol::DxpMessage& message, Deadline deadline) {
    auto frame = protocol::dxp_frame(message);
    if (!frame) return {DxpSendResult::Status::Invalid, frame.error().message};
    if (trace_) trace_(true, std::string_view(*frame).substr(0, frame->size() - 1));
    switch (socket_.send_all(*frame, deadline)) {
        case SendStatus::Ok:
            return {};
        case SendStatus::Timeout:
            return {DxpSendResult::Status::Timeout, "the peer did not read its input in time"};
        case SendStatus::Closed:
            break;
    }
    return {DxpSendResult::Status::Closed, "the connection is closed"};
}

DxpReceived DxpConnection::receive(Deadline deadline) {
    DxpReceived result;
    for (;;) {
        if (auto next = framer_.next()) {
            if (!*next) {
                result.status = DxpReceived::Status::Malformed;
                result.error = next->error().message;
                if (trace_) trace_(false, "<" + result.error + ">");
                return result;
            }
            result.text = std::move(next->value());
            if (trace_) trace_(false, result.text);
            auto message = protocol::parse_dxp_message(result.text);
            if (!message) {
                result.status = DxpReceived::Status::Malformed;
                result.error = message.error().message;
                return result;
            }
            result.status = DxpReceived::Status::Message;
            result.message = std::move(*message);
            return result;
        }
        ReceiveResult bytes = socket_.receive(deadline);
        switch (bytes.status) {
            case ReceiveResult::Status::Data:
                framer_.feed(bytes.data);
                continue;
            case ReceiveResult::Status::Timeout:
                result.status = DxpReceived::Status::Timeout;
                return result;
            case ReceiveResult::Status::Interrupted:
                result.status = DxpReceived::Status::Interrupted;
                return result;
            case ReceiveResult::Status::Closed:
                break;
        }
        result.status = DxpReceived::Status::Closed;
        result.error = bytes.error;
        if (framer_.pending() > 0) {
            result.error += (result.error.empty() ? "" : "; ") + std::to_string(framer_.pending()) +
                            " bytes of an unfinished message were lost";
        }
        return result;
    }
}

}  // namespace draughts::harness
