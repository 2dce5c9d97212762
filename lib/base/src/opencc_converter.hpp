// One of OpenCC's conversions (such as t2s.json), loaded once and shared by the threads using it.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>

#include <opencc/opencc.h>

namespace xq::detail {

class OpenccConverter {
public:
    explicit OpenccConverter(const char* configuration)
        : handle_(opencc_open(configuration))
    {
    }
    ~OpenccConverter()
    {
        if (loaded())
            opencc_close(handle_);
    }
    OpenccConverter(const OpenccConverter&) = delete;
    OpenccConverter& operator=(const OpenccConverter&) = delete;

    // opencc_open's handle when it fails (its data is missing): (opencc_t)-1.
    bool loaded() const { return handle_ != reinterpret_cast<opencc_t>(static_cast<std::intptr_t>(-1)); }

    // `text` converted; as it is when the configuration could not be loaded.
    std::string convert(std::string_view text) const
    {
        if (!loaded() || text.empty())
            return std::string(text);
        // OpenCC does not promise that one handle may convert on two threads at once, and
        // validate works on several.
        const std::lock_guard lock(mutex_);
        char* converted = opencc_convert_utf8(handle_, text.data(), text.size());
        if (!converted)
            return std::string(text);
        std::string out(converted);
        opencc_convert_utf8_free(converted);
        return out;
    }

private:
    opencc_t handle_;
    mutable std::mutex mutex_;
};

} // namespace xq::detail
