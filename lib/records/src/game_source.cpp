// Reading the record files of a command one after the other, and selecting their games.
#include "xq/records/game_source.hpp"
#include "xq/records/open_record.hpp"

#include <algorithm>
#include <stdexcept>

namespace xq {

namespace {

    // The first game number asked for past the `games` a file has, if any.
    std::optional<std::size_t> first_missing(const GameNumbers& numbers, std::size_t games)
    {
        for (const GameRange& range : numbers)
            if (range.last > games)
                return std::max(range.first, games + 1);
        return std::nullopt;
    }

    // Games past the last number asked for are not read.
    bool past_the_numbers(const GameNumbers& numbers, std::size_t index)
    {
        return !numbers.empty() && index > numbers.back().last;
    }

    // How often the stream is asked how far it has been read: each ask is a system call, made
    // while validate's other checking threads wait for the reader.
    constexpr std::size_t games_per_position = 64;

} // namespace

GameSource::GameSource(std::vector<RecordFile> files, GameSourceOptions options)
    : files_(std::move(files))
    , options_(std::move(options))
{
    if (options_.selection.shard.count == 0)
        options_.selection.shard.count = 1;
}

GameSource::GameSource(std::vector<GameRecord> games, GameSelection selection)
    : given_(std::move(games))
{
    options_.selection = std::move(selection);
    if (options_.selection.shard.count == 0)
        options_.selection.shard.count = 1;
}

std::optional<SourceItem> GameSource::next()
{
    try {
        const Shard& shard = options_.selection.shard;
        while (std::optional<SourceItem> item = read_next()) {
            const bool game = std::holds_alternative<GameRecord>(item->item);
            // A file's end goes with the game before it: the last game has been counted.
            const std::uint64_t owner = game ? games_selected_++ : std::max<std::uint64_t>(games_selected_, 1) - 1;
            if (owner % shard.count == shard.index)
                return item;
        }
        return std::nullopt;
    } catch (const std::exception& e) {
        if (file_index_ == files_.size())
            throw;
        throw std::runtime_error(
            std::string(e.what()) + " (while reading " + display_name(files_[file_index_].path) + ")");
    }
}

std::optional<SourceItem> GameSource::read_next()
{
    const GameSelection& selection = options_.selection;
    while (next_given_ < given_.size()) {
        GameRecord& record = given_[next_given_++];
        if (!selected(selection.numbers, record.index))
            continue;
        ++looked_at_;
        if (matches(record, selection.where))
            return SourceItem { 0, std::move(record) };
    }
    if (file_index_ == files_.size())
        return std::nullopt;
    const RecordFile& file = files_[file_index_];
    if (!file_open_)
        open(file);
    if (reader_) {
        if (std::optional<GameRecord> record = next_selected_record()) {
            ++current_.games;
            record->location.source = current_.path;
            return SourceItem { bytes_before_ + position_in(file), std::move(*record) };
        }
        finish_file_reading();
    }
    SourceItem end { bytes_before_ + file.bytes, std::move(current_) };
    bytes_before_ += file.bytes;
    ++file_index_;
    file_open_ = false;
    reader_.reset();
    stream_.reset();
    return end;
}

std::optional<GameRecord> GameSource::next_selected_record()
{
    const GameSelection& selection = options_.selection;
    while (std::optional<GameRecord> record = reader_->next()) {
        games_in_file_ = record->index;
        if (past_the_numbers(selection.numbers, record->index))
            return std::nullopt;
        if (!selected(selection.numbers, record->index))
            continue;
        ++looked_at_;
        if (matches(*record, selection.where))
            return record;
    }
    return std::nullopt;
}

void GameSource::finish_file_reading()
{
    Diagnostics& diagnostics = current_.diagnostics;
    for (Diagnostic d : reader_->diagnostics()) {
        if (d.location.source.empty())
            d.location.source = current_.path;
        diagnostics.add(std::move(d));
    }
    if (const auto missing = first_missing(options_.selection.numbers, games_in_file_))
        // A mistyped game number must not leave an empty ruling and a success code.
        diagnostics.error("game.not-found",
            "there is no game " + std::to_string(*missing) + ": the file has " + std::to_string(games_in_file_)
                + (games_in_file_ == 1 ? " game" : " games"),
            { current_.path }, { { "number", std::to_string(*missing) }, { "games", std::to_string(games_in_file_) } });
}

void GameSource::open(const RecordFile& file)
{
    file_open_ = true;
    games_in_file_ = 0;
    position_ = 0;
    std::optional<RecordFormat> format;
    if (file.path.native() == standard_input_name && options_.standard_input) {
        current_ = FinishedFile { "<stdin>", file.bytes, 0, {} };
        standard_input_stream_.clear();
        standard_input_stream_.str(*options_.standard_input);
        input_ = &standard_input_stream_;
        format = sniff_record_format(standard_input_stream_, options_.reader.encoding);
    } else {
        current_ = FinishedFile { display_name(file.path), file.bytes, 0, {} };
        format = open_record_stream(file.path, stream_, current_.path, current_.diagnostics, options_.reader.encoding);
        input_ = stream_.get();
    }
    if (!format)
        return;
    // No source name: every location in a record (one per move) would hold a copy of the
    // path, allocated here and freed by the thread that checks the game, which costs a third of
    // the speed gained from validate's second thread. The path is put back where a location is
    // shown: in the file's diagnostics here, in a game's by whoever shows them.
    reader_ = make_record_reader(*format, *input_, std::string(), options_.reader);
}

std::uint64_t GameSource::position_in(const RecordFile& file)
{
    if (current_.games % games_per_position == 1) {
        const std::streamoff at = input_->tellg();
        position_ = at < 0 ? file.bytes : std::min(static_cast<std::uint64_t>(at), file.bytes);
    }
    return position_;
}

Diagnostics GameSource::selection_problems() const
{
    const std::vector<TagCondition>& where = options_.selection.where;
    // A name mistyped, or written in another script than the archive's, must not pass for an
    // archive without the game.
    if (where.empty() || games_selected_ > 0)
        return {};
    return where_selected_none(where, looked_at_);
}

} // namespace xq
