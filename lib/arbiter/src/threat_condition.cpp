// The table of threat condition keys: each key's kind, its fact, and how a row tests it.
#include "xq/arbiter/threat_condition.hpp"

#include <algorithm>

#include "xq/arbiter/enum_names.hpp"

namespace xq {

namespace {

    ValueSet kinds_of(const std::vector<PieceAt>& pieces)
    {
        ValueSet kinds = 0;
        for (const PieceAt& p : pieces)
            kinds |= value_bit(p.piece.type());
        return kinds;
    }

    Protection protection_kind(const Threat& t)
    {
        if (!t.real_protectors.empty())
            return Protection::Real;
        return t.fake_protectors.empty() ? Protection::None : Protection::Fake;
    }

    ValueSet gain(int worth) { return value_bit(gain_of(worth)); }

    constexpr ClassificationNeed prior_attacks { [](const ClassifierOptions& o) { return o.new_threats.prior_attacks; },
        "needs the prior attacks listed (classification: new_threats.prior_attacks true)" };
    constexpr ClassificationNeed best_exchange { [](const ClassifierOptions& o) { return o.material.best_exchange; },
        "needs the exchange led by each taker weighed (classification: material.best_exchange true)" };
    constexpr ClassificationNeed capture_sequences { [](const ClassifierOptions& o) {
                                                        return o.material.sequence_depth > 0;
                                                    },
        "needs the sequences of captures weighed (classification: material.sequence_depth above 0)" };
    constexpr ClassificationNeed lines_opened { [](const ClassifierOptions& o) {
                                                   return o.material.capture_opens_lines;
                                               },
        "needs the lines a capture opens looked at (classification: material.capture_opens_lines true)" };
    constexpr ClassificationNeed hidden_protection { [](const ClassifierOptions& o) {
                                                        return o.protection.hidden_depth >= 2;
                                                    },
        "needs hidden protection looked for (classification: protection.hidden_depth of 2 or more)" };

    constexpr ClassificationNeed like_piece_trades { [](const ClassifierOptions& o) {
                                                        return o.material.like_piece_trades;
                                                    },
        "needs the trades of like pieces among the attackers looked for (classification: material.like_piece_trades "
        "true)" };

    // As the loader has always reported them.
    constexpr const ClassificationNeed* needs_in_order[]
        = { &prior_attacks, &best_exchange, &capture_sequences, &lines_opened, &hidden_protection, &like_piece_trades };

    using Kind = ConditionKind;
    using Context = const ThreatContext&;

    // The order the loader lists them in; the README's table gives each one's meaning.
    constexpr ThreatConditionKey keys[] = {
        { .name = "attacker",
            .kind = Kind::Pieces,
            .fact = [](Context x) { return value_bit(x.threat.attacker.piece.type()); } },
        { .name = "target",
            .kind = Kind::Pieces,
            .fact = [](Context x) { return value_bit(x.threat.target.piece.type()); } },
        { .name = "same_type",
            .kind = Kind::Boolean,
            .fact
            = [](Context x) { return value_bit(x.threat.attacker.piece.type() == x.threat.target.piece.type()); } },
        { .name = "origin",
            .kind = Kind::Origins,
            .fact = [](Context x) { return value_bit(x.threat.origin); },
            // Standing attacks are listed only to say why they are no chases: a row must ask for them.
            .when_absent = ~value_bit(ThreatOrigin::Standing) },
        { .name = "capture_legal",
            .kind = Kind::Boolean,
            .fact = [](Context x) { return value_bit(x.threat.capture_legal); } },
        { .name = "protection",
            .kind = Kind::Protections,
            .fact = [](Context x) { return value_bit(protection_kind(x.threat)); } },
        { .name = "protected_now",
            .kind = Kind::Boolean,
            .fact = [](Context x) { return value_bit(x.threat.protected_now()); } },
        { .name = "target_crossed_river",
            .kind = Kind::Boolean,
            .fact = [](Context x) { return value_bit(x.threat.target_crossed_river); } },
        { .name = "sole_attacking_piece",
            .kind = Kind::Boolean,
            .fact = [](Context x) { return value_bit(x.threat.sole_attacking_piece); } },
        { .name = "target_can_capture_back",
            .kind = Kind::Boolean,
            .fact = [](Context x) { return value_bit(x.threat.target_can_capture_back); } },
        { .name = "attacker_restriction",
            .kind = Kind::Restrictions,
            .fact = [](Context x) { return value_bit(x.threat.attacker_restriction.kind); } },
        { .name = "attacker_restricted_by",
            .kind = Kind::Pieces,
            .fact = [](Context x) { return kinds_of(x.threat.attacker_restriction.by); },
            .match = Match::Every },
        { .name = "target_restriction",
            .kind = Kind::Restrictions,
            .fact = [](Context x) { return value_bit(x.threat.target_restriction.kind); } },
        { .name = "target_restricted_by",
            .kind = Kind::Pieces,
            .fact = [](Context x) { return kinds_of(x.threat.target_restriction.by); },
            .match = Match::Every },
        { .name = "target_restricts",
            .kind = Kind::Pieces,
            .fact = [](Context x) { return kinds_of(x.threat.restricted_by_target); } },
        { .name = "attacked_by_several",
            .kind = Kind::Boolean,
            .fact = [](Context x) { return value_bit(!x.threat.fellow_attackers.empty()); } },
        { .name = "moved", .kind = Kind::Pieces, .fact = [](Context x) { return value_bit(x.moved); } },
        { .name = "capture_gain",
            .kind = Kind::Gains,
            .fact = [](Context x) { return gain(x.threat.capture_gain); },
            .weighs_material = true },
        { .name = "exchange_gain",
            .kind = Kind::Gains,
            .fact = [](Context x) { return gain(x.threat.exchange_gain); },
            .weighs_material = true },
        { .name = "exchange_gain_before",
            .kind = Kind::Gains,
            .fact = [](Context x) { return gain(x.threat.exchange_gain_before); } },
        { .name = "best_exchange_gain",
            .kind = Kind::Gains,
            .fact = [](Context x) { return gain(x.threat.best_exchange_gain.value_or(x.threat.exchange_gain)); },
            .needs = &best_exchange,
            .weighs_material = true },
        { .name = "capture_sequence_gain",
            .kind = Kind::Gains,
            .fact = [](Context x) { return gain(x.threat.capture_sequence_gain.value_or(x.threat.exchange_gain)); },
            .needs = &capture_sequences,
            .weighs_material = true },
        { .name = "joint",
            .kind = Kind::Boolean,
            .fact = [](Context x) { return value_bit(x.threat.joint()); },
            .weighs_material = true },
        { .name = "under_protected",
            .kind = Kind::Boolean,
            .fact = [](Context x) { return value_bit(x.threat.under_protected()); },
            .weighs_material = true },
        { .name = "mated_after_capture",
            .kind = Kind::Boolean,
            .fact = [](Context x) { return value_bit(x.threat.mated_after_capture); },
            .weighs_material = true },
        { .name = "loses_more_elsewhere",
            .kind = Kind::Boolean,
            .fact = [](Context x) { return value_bit(x.threat.lost_elsewhere.has_value()); },
            .needs = &lines_opened,
            .weighs_material = true },
        { .name = "hidden_protected",
            .kind = Kind::Boolean,
            .fact = [](Context x) { return value_bit(x.threat.hidden_protected()); },
            .needs = &hidden_protection },
        { .name = "target_chased_before",
            .kind = Kind::Boolean,
            .fact = [](Context x) { return value_bit(x.chased_before); },
            .needs = &prior_attacks },
        { .name = "like_piece_trade",
            .kind = Kind::Boolean,
            .fact = [](Context x) { return value_bit(x.threat.trading_fellow.has_value()); },
            .needs = &like_piece_trades },
    };

} // namespace

std::span<const ThreatConditionKey> threat_condition_keys() { return keys; }

std::span<const ClassificationNeed* const> classification_needs() { return needs_in_order; }

ThreatCondition::ThreatCondition()
{
    for (const ThreatConditionKey& key : keys)
        if (key.when_absent != every_value)
            tests.push_back({ &key, key.when_absent });
}

void ThreatCondition::name(const ThreatConditionKey& key, ValueSet accepted)
{
    const auto named = std::find_if(tests.begin(), tests.end(), [&](const ThreatTest& t) { return t.key == &key; });
    if (named != tests.end())
        named->accepted = accepted;
    else
        tests.push_back({ &key, accepted });
}

bool ThreatCondition::weighs_material() const
{
    return std::any_of(tests.begin(), tests.end(), [](const ThreatTest& t) { return t.key->weighs_material; });
}

Gain gain_of(int worth) { return worth > 0 ? Gain::Positive : worth < 0 ? Gain::Negative : Gain::Zero; }

} // namespace xq
