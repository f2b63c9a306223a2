#include "harness/tournament/provenance.hpp"

#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <array>
#include <cstdint>
#include <ctime>
#include <random>

#include "common/calendar.hpp"
#include "common/utf8.hpp"
#include "config/config_document.hpp"

namespace draughts::harness {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kRunIdDigits = 32;
constexpr std::size_t kSha256Digits = 64;

bool is_hex(std::string_view text, std::size_t digits) {
    return text.size() == digits &&
           text.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

std::string host_name() {
    std::array<char, 256> name{};
    if (::gethostname(name.data(), name.size() - 1) != 0) return "unknown";
    return name.data();
}

/// `text` when it is valid UTF-8 (YAML and JSON need it); otherwise with '?' for every byte
/// above 127, so that the rest stays readable.
std::string printable(const std::string& text) {
    if (is_valid_utf8(text)) return text;
    std::string out = text;
    for (char& c : out)
        if (static_cast<unsigned char>(c) > 127) c = '?';
    return out;
}

void write_text(YAML::Emitter& out, const char* key, const std::string& value) {
    out << YAML::Key << key << YAML::Value << YAML::DoubleQuoted << value;
}

void write_list(YAML::Emitter& out, const char* key, const std::vector<std::string>& values) {
    out << YAML::Key << key << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const auto& v : values) out << YAML::DoubleQuoted << v;
    out << YAML::EndSeq;
}

void write_session(YAML::Emitter& out, const RunSession& s) {
    out << YAML::BeginMap;
    write_text(out, "action", s.action);
    write_text(out, "version", s.version);
    write_text(out, "commit", s.commit);
    write_text(out, "host", s.host);
    write_text(out, "working_directory", s.working_directory);
    write_list(out, "command_line", s.command_line);
    write_text(out, "started", s.started);
    if (!s.notes.empty()) write_list(out, "notes", s.notes);
    out << YAML::EndMap;
}

InputFile read_input(YamlSection& entry) {
    InputFile input{entry.text("what", ""), entry.text("path", ""), entry.text("sha256", "")};
    if (input.what.empty()) entry.error("what", "every input needs a description");
    if (!is_hex(input.sha256, kSha256Digits))
        entry.error("sha256", "expected 64 lowercase hexadecimal digits");
    entry.finish();
    return input;
}

RunSession read_session(YamlSection& entry) {
    RunSession s;
    s.action = entry.text("action", "");
    s.version = entry.text("version", "");
    s.commit = entry.text("commit", "");
    s.host = entry.text("host", "");
    s.working_directory = entry.text("working_directory", "");
    s.command_line = entry.text_list("command_line");
    s.started = entry.text("started", "");
    s.notes = entry.text_list("notes");
    entry.finish();
    return s;
}

std::optional<Provenance> read_section(YamlSection& root) {
    if (!root.has("provenance")) return std::nullopt;
    YamlSection section = root.section("provenance");
    Provenance p;
    p.run_id = section.text("run_id", "");
    if (!is_run_id(p.run_id)) section.error("run_id", "expected 32 lowercase hexadecimal digits");
    for (YamlSection& entry : section.sequence("inputs")) p.inputs.push_back(read_input(entry));
    for (YamlSection& entry : section.sequence("sessions"))
        p.sessions.push_back(read_session(entry));
    for (YamlSection& entry : section.sequence("merged_from")) {
        MergeSource source{entry.text("dir", ""), entry.text("run_id", "")};
        if (!source.run_id.empty() && !is_run_id(source.run_id))
            entry.error("run_id", "expected 32 lowercase hexadecimal digits");
        entry.finish();
        p.merged_from.push_back(std::move(source));
    }
    if (section.has("shard")) {
        const std::string text = section.text("shard", "");
        auto shard = parse_shard(text);
        if (shard)
            p.shard = *shard;
        else
            section.error("shard", shard.error().message);
    }
    section.finish();
    return p;
}

Json to_json(const RunSession& s) {
    Json out = {{"action", s.action},
                {"version", s.version},
                {"commit", s.commit},
                {"host", s.host},
                {"working_directory", s.working_directory},
                {"command_line", s.command_line},
                {"started", s.started}};
    if (!s.notes.empty()) out["notes"] = s.notes;
    return out;
}

}  // namespace

std::string new_run_id() {
    std::random_device device;
    static constexpr char kHex[] = "0123456789abcdef";
    std::string id;
    while (id.size() < kRunIdDigits) {
        const std::uint32_t bits = device();  // 32 random bits each
        for (int shift = 28; shift >= 0; shift -= 4) id += kHex[(bits >> shift) & 0xfU];
    }
    return id;
}

bool is_run_id(std::string_view text) { return is_hex(text, kRunIdDigits); }

RunSession this_session(std::string action, std::string version, std::string commit,
                        const std::vector<std::string>& command_line) {
    RunSession s;
    s.action = std::move(action);
    s.version = std::move(version);
    s.commit = std::move(commit);
    s.host = printable(host_name());
    std::error_code ec;
    s.working_directory = printable(fs::current_path(ec).string());
    for (const auto& arg : command_line) s.command_line.push_back(printable(arg));
    s.started = utc_timestamp();
    return s;
}

std::string provenance_yaml(const Provenance& p) {
    YAML::Emitter out;
    out << YAML::BeginMap << YAML::Key << "provenance" << YAML::Value << YAML::BeginMap;
    write_text(out, "run_id", p.run_id);
    out << YAML::Key << "inputs" << YAML::Value << YAML::BeginSeq;
    for (const InputFile& input : p.inputs) {
        out << YAML::BeginMap;
        write_text(out, "what", input.what);
        write_text(out, "path", input.path);
        write_text(out, "sha256", input.sha256);
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;
    out << YAML::Key << "sessions" << YAML::Value << YAML::BeginSeq;
    for (const RunSession& s : p.sessions) write_session(out, s);
    out << YAML::EndSeq;
    if (!p.merged_from.empty()) {
        out << YAML::Key << "merged_from" << YAML::Value << YAML::BeginSeq;
        for (const MergeSource& m : p.merged_from) {
            out << YAML::BeginMap;
            write_text(out, "dir", m.dir);
            write_text(out, "run_id", m.run_id);
            out << YAML::EndMap;
        }
        out << YAML::EndSeq;
    }
    if (p.shard) write_text(out, "shard", to_string(*p.shard));
    out << YAML::EndMap << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

Expected<std::optional<Provenance>> read_provenance(const fs::path& config_file) {
    const auto file = read_config_file(config_file);
    if (!file) return file.error();
    return read_config_document<std::optional<Provenance>>(file->text, config_file.string(),
                                                           file->base_dir, {}, read_section);
}

Json summary_provenance(const Provenance& p, std::string_view ended) {
    const RunSession latest = p.sessions.empty() ? RunSession{} : p.sessions.back();
    Json inputs = Json::array();
    for (const InputFile& input : p.inputs)
        inputs.push_back({{"what", input.what}, {"path", input.path}, {"sha256", input.sha256}});
    Json sessions = Json::array();
    for (const RunSession& s : p.sessions) sessions.push_back(to_json(s));
    Json out = {{"run_id", p.run_id},
                {"version", latest.version},
                {"commit", latest.commit},
                {"host", latest.host},
                {"working_directory", latest.working_directory},
                {"command_line", latest.command_line},
                {"started", p.sessions.empty() ? Json() : Json(p.sessions.front().started)},
                {"ended", ended.empty() ? Json() : Json(std::string(ended))},
                {"inputs", std::move(inputs)},
                {"sessions", std::move(sessions)}};
    if (p.shard) out["shard"] = to_string(*p.shard);
    if (!p.merged_from.empty()) {
        Json sources = Json::array();
        for (const MergeSource& m : p.merged_from)
            sources.push_back({{"dir", m.dir}, {"run_id", m.run_id}});
        out["merged_from"] = std::move(sources);
    }
    return out;
}

}  // namespace draughts::harness
