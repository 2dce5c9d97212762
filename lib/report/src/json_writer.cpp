// Writing JSON text straight into a string, escapes checked eight bytes at a time.
#include "json_writer.hpp"

#include <cstdint>
#include <cstring>

#include "xq/base/utf8.hpp"

namespace xq::json_form {

namespace {

    // Whether one of eight bytes needs an escape: a control character, '"' or '\\' (the bytes
    // of a UTF-8 sequence never do). Strings are looked at eight bytes at a time: writing the
    // documents' sentences a byte at a time was 5% of adjudicate.
    bool needs_escape(std::uint64_t bytes)
    {
        constexpr std::uint64_t ones = 0x0101010101010101, highs = 0x8080808080808080;
        const auto has_zero_byte = [&](std::uint64_t v) { return ((v - ones) & ~v & highs) != 0; };
        const bool control = ((bytes - 0x20 * ones) & ~bytes & highs) != 0;
        return control || has_zero_byte(bytes ^ ('"' * ones)) || has_zero_byte(bytes ^ ('\\' * ones));
    }

    // Whether eight bytes, or one, are ASCII that needs no escape.
    bool is_plain(std::uint64_t bytes)
    {
        constexpr std::uint64_t highs = 0x8080808080808080;
        return (bytes & highs) == 0 && !needs_escape(bytes);
    }

    bool is_plain_byte(char c)
    {
        const auto byte = static_cast<unsigned char>(c);
        return byte >= 0x20 && byte < 0x80 && c != '"' && c != '\\';
    }

    std::uint64_t eight_bytes_at(const char* bytes)
    {
        std::uint64_t eight = 0;
        std::memcpy(&eight, bytes, 8);
        return eight;
    }

} // namespace

void JsonWriter::open(char bracket)
{
    before_value();
    out_ += bracket;
    first_.push_back(true);
}

void JsonWriter::close(char bracket)
{
    out_ += bracket;
    first_.pop_back();
}

void JsonWriter::before_value()
{
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (first_.empty())
        return;
    if (!first_.back())
        out_ += ',';
    first_.back() = false;
}

void JsonWriter::key(std::string_view name)
{
    before_value();
    string(name);
    out_ += ':';
    after_key_ = true;
}

void JsonWriter::value(std::string_view text)
{
    before_value();
    string(text);
}

void JsonWriter::string(std::string_view text)
{
    const char* const data = text.data();
    const std::size_t size = text.size();
    // Keys and most sentences are ASCII that needs no escape: that much is copied whole, with
    // no check that it is UTF-8. Checking every key was 2.6% of adjudicate.
    std::size_t plain = 0;
    while (plain + 8 <= size && is_plain(eight_bytes_at(data + plain)))
        plain += 8;
    while (plain < size && is_plain_byte(data[plain]))
        ++plain;
    if (plain < size && !utf8::is_valid(text.substr(plain))) {
        // nlohmann's replacement of bytes that are not UTF-8, exactly; readers decode, so
        // this is never the common case.
        out_ += Json(std::string(text)).dump(-1, ' ', false, Json::error_handler_t::replace);
        return;
    }
    out_ += '"';
    if (plain == size) {
        out_.append(data, size);
        out_ += '"';
        return;
    }
    // The characters that need no escape are copied a run at a time.
    std::size_t run = 0;
    for (std::size_t i = plain; i < size;) {
        if (i + 8 <= size && !needs_escape(eight_bytes_at(data + i))) {
            i += 8;
            continue;
        }
        const char c = data[i++];
        if (static_cast<unsigned char>(c) >= 0x20 && c != '"' && c != '\\')
            continue;
        out_.append(data + run, i - 1 - run);
        run = i;
        switch (c) {
        case '"':
            out_ += "\\\"";
            break;
        case '\\':
            out_ += "\\\\";
            break;
        case '\b':
            out_ += "\\b";
            break;
        case '\f':
            out_ += "\\f";
            break;
        case '\n':
            out_ += "\\n";
            break;
        case '\r':
            out_ += "\\r";
            break;
        case '\t':
            out_ += "\\t";
            break;
        default: {
            constexpr char hex[] = "0123456789abcdef";
            out_ += "\\u00";
            out_ += hex[(c >> 4) & 0xf];
            out_ += hex[c & 0xf];
        }
        }
    }
    out_.append(data + run, size - run);
    out_ += '"';
}

void JsonWriter::value(bool truth)
{
    before_value();
    out_ += truth ? "true" : "false";
}

void JsonWriter::null()
{
    before_value();
    out_ += "null";
}

void JsonWriter::ply_or_null(int ply)
{
    if (ply >= 0)
        value(ply);
    else
        null();
}

void JsonWriter::raw(std::string_view json)
{
    before_value();
    out_ += json;
}

void JsonWriter::value(const Json& tree)
{
    before_value();
    out_ += tree.dump(-1, ' ', false, Json::error_handler_t::replace);
}

} // namespace xq::json_form
