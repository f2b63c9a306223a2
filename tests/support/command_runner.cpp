#include "tests/support/command_runner.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "tests/support/shared_data.hpp"

namespace draughts::testing {

namespace fs = std::filesystem;

std::string shell_quote(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string read_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<std::string> split_words(const std::string& text) {
    std::vector<std::string> words;
    std::istringstream in(text);
    for (std::string word; in >> word;) words.push_back(word);
    return words;
}

TempFolder::TempFolder(const std::string& prefix) {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    // Parameterised tests have '/' in their names; a folder name cannot.
    std::string name = info != nullptr ? info->name() : "no_test";
    for (char& c : name)
        if (c == '/') c = '_';
    path_ = fs::temp_directory_path() / (prefix + "_" + name + "_" + std::to_string(::getpid()));
    fs::remove_all(path_);
    fs::create_directories(path_);
}

TempFolder::~TempFolder() {
    std::error_code ignored;  // a destructor must not throw; a leftover folder is harmless
    fs::remove_all(path_, ignored);
}

fs::path TempFolder::write(const std::string& name, const std::string& text) const {
    const fs::path file = path_ / name;
    std::ofstream(file, std::ios::binary) << text;
    return file;
}

std::size_t count_occurrences(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
        ++n;
    return n;
}

RunResult run_draughts(const fs::path& folder, const std::vector<std::string>& args,
                       StderrMode stderr_mode, double timeout_seconds) {
    const fs::path err_file = folder / "stderr.txt";
    std::string command = "cd " + shell_quote(folder.string()) + " && ";
    if (timeout_seconds > 0)
        command += "timeout --kill-after=5 " + std::to_string(timeout_seconds) + " ";
    command += shell_quote(draughts_binary().string());
    for (const std::string& a : args) command += ' ' + shell_quote(a);
    command += stderr_mode == StderrMode::Separate ? " 2>" + shell_quote(err_file.string())
                                                   : std::string(" 2>&1");
    RunResult result;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (pipe == nullptr) return result;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
        result.out.append(buffer, n);
    const int status = ::pclose(pipe);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (stderr_mode == StderrMode::Separate) result.err = read_text(err_file);
    return result;
}

int signal_draughts_once(const fs::path& folder, const std::vector<std::string>& args,
                         const std::string& text, int signal) {
    std::string script = "cd " + shell_quote(folder.string()) + " || exit 1; " +
                         shell_quote(draughts_binary().string());
    for (const std::string& a : args) script += ' ' + shell_quote(a);
    script +=
        " > stdout.txt 2> stderr.txt & pid=$!; "
        "for i in $(seq 1 600); do grep -qF " +
        shell_quote(text) +
        " stdout.txt 2>/dev/null && break; sleep 0.05; done; "
        "kill -" +
        std::to_string(signal) + " $pid; wait $pid; echo $?";
    FILE* pipe = ::popen(script.c_str(), "r");
    if (pipe == nullptr) return -1;
    char buffer[64] = {};
    const std::size_t n = std::fread(buffer, 1, sizeof buffer - 1, pipe);
    ::pclose(pipe);
    const std::string status(buffer, n);
    return status.empty() ? -1 : std::stoi(status);
}

}  // namespace draughts::testing
