// Taking back, and mates after a capture (taking_back.hpp).
#include "taking_back.hpp"

#include <vector>

#include "lines_of_checks.hpp"
#include "mate_search.hpp"
#include "xq/board/movegen.hpp"

namespace xq::detail {

bool forces_mate_after_capture(Position& pos, const ClassifierOptions& options, bool by_kills)
{
    std::vector<Move> mate;
    if (options.protection.mate_after_capture_depth > 0
        && detail::forces_mate(pos, options.protection.mate_after_capture_depth, mate))
        return true;
    return by_kills && options.kill.depth > 0
        && detail::forces_mate(pos, options.kill.depth, mate, options.kill.mates_by_check);
}

bool retakes_with_winning_check(const Position& taken, Square point, const ClassifierOptions& options)
{
    std::vector<Move> line;
    for (const Move retake : legal_captures(taken)) {
        if (retake.to() != point)
            continue;
        Position retaken = taken;
        UndoInfo undo;
        retaken.do_move(retake, undo);
        if (retaken.in_check() && has_legal_move(retaken)
            && detail::every_answer_loses_material(taken, retaken, options, line))
            return true;
    }
    return false;
}

bool takes_back_safely(const Position& after, Move take_back, const ClassifierOptions& options)
{
    if (!is_legal(after, take_back))
        return false;
    Position taken = after;
    UndoInfo undo;
    taken.do_move(take_back, undo);
    return !forces_mate_after_capture(taken, options, true)
        && !retakes_with_winning_check(taken, take_back.to(), options);
}

int protection_mated_within(const ClassifierOptions& options)
{
    return options.protection.unless_mated ? options.protection.mate_after_capture_depth : 0;
}

bool target_takes_back(const Position& pos, Move capture, const ClassifierOptions& options)
{
    const Move back(capture.to(), capture.from());
    if (!is_legal(pos, back))
        return false;
    return options.protection.mate_after_capture_depth <= 0
        || !detail::mated_after(pos, back, options.protection.mate_after_capture_depth);
}

} // namespace xq::detail
