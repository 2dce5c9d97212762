// A JSON writer for the objects written once per game, byte for byte as nlohmann's dump.
#pragma once

#include <charconv>
#include <concepts>
#include <string>
#include <string_view>
#include <vector>

#include "json.hpp"

// Writes JSON text straight into a string, for the objects written once per game (validate's
// rows, adjudicate's objects): building a tree of them first cost more than checking a game.
// The text is what nlohmann's dump(-1, ' ', false, replace) gives for the same tree, so that
// the parts still built as trees (the rulings) sit in it unchanged. Private to the report
// library.

namespace xq::json_form {

class JsonWriter {
public:
    explicit JsonWriter(std::string& out)
        : out_(out)
    {
    }

    void begin_object() { open('{'); }
    void end_object() { close('}'); }
    void begin_array() { open('['); }
    void end_array() { close(']'); }

    // The name of the next member of the object being written.
    void key(std::string_view name);

    void value(std::string_view text);
    void value(const char* text) { value(std::string_view(text)); }
    void value(const std::string& text) { value(std::string_view(text)); }
    template <std::integral Number>
    requires(!std::same_as<Number, bool>) void value(Number number)
    {
        before_value();
        char digits[24];
        out_.append(digits, std::to_chars(digits, digits + sizeof digits, number).ptr);
    }
    void value(bool truth);
    void null();
    void value(const Json& tree);
    // An array of the strings or numbers.
    template <class T> void value(const std::vector<T>& items)
    {
        begin_array();
        for (const T& item : items)
            value(item);
        end_array();
    }
    // A number, or null when it is negative (a ply that did not come).
    void ply_or_null(int ply);
    // JSON text written before, as a value.
    void raw(std::string_view json);

    template <class T> void member(std::string_view name, const T& v)
    {
        key(name);
        value(v);
    }

private:
    void open(char bracket);
    void close(char bracket);
    // A comma before every value but the first of its array or object (after a key, none).
    void before_value();
    // `text` as a JSON string.
    void string(std::string_view text);

    std::string& out_;
    std::vector<bool> first_; // per open array or object: nothing written in it yet
    bool after_key_ = false;
};

} // namespace xq::json_form
