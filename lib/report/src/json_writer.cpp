#include "json_writer.hpp"

#include "xq/base/utf8.hpp"

namespace xq::json_form {

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
    value(name);
    out_ += ':';
    after_key_ = true;
}

void JsonWriter::value(std::string_view text)
{
    before_value();
    if (!utf8::is_valid(text)) {
        // nlohmann's replacement of bytes that are not UTF-8, exactly; readers decode, so
        // this is never the common case.
        out_ += Json(std::string(text)).dump(-1, ' ', false, Json::error_handler_t::replace);
        return;
    }
    out_ += '"';
    // The characters that need no escape are copied a run at a time.
    std::size_t run = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (static_cast<unsigned char>(c) >= 0x20 && c != '"' && c != '\\')
            continue;
        out_.append(text.data() + run, i - run);
        run = i + 1;
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
    out_.append(text.data() + run, text.size() - run);
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
