// Tests of threat conditions: origins, restricting pieces, booleans, weighing material.
#include <doctest/doctest.h>

#include <algorithm>
#include <string_view>

#include "xq/arbiter/threat_condition.hpp"

using namespace xq;

namespace {

const ThreatConditionKey& key_named(std::string_view name)
{
    const auto keys = threat_condition_keys();
    const auto key
        = std::find_if(keys.begin(), keys.end(), [&](const ThreatConditionKey& k) { return k.name == name; });
    REQUIRE(key != keys.end());
    return *key;
}

// A rook on a horse, pinned against its king by a cannon.
Threat rook_on_horse()
{
    Threat t;
    t.attacker = { Piece(Color::Red, PieceType::Chariot), Square(4, 4) };
    t.target = { Piece(Color::Black, PieceType::Horse), Square(4, 7) };
    t.attacker_restriction.kind = Restriction::Pinned;
    t.attacker_restriction.by = { { Piece(Color::Black, PieceType::Cannon), Square(4, 9) } };
    return t;
}

} // namespace

TEST_SUITE("threat conditions")
{
    TEST_CASE("a row that names no origin holds for new threats only; one that names an origin, for those")
    {
        Threat t = rook_on_horse();
        const ThreatContext context { t, PieceType::Chariot, false };
        ThreatCondition naming_nothing;
        CHECK(naming_nothing.holds(context));
        t.origin = ThreatOrigin::Standing;
        CHECK_FALSE(naming_nothing.holds(context));

        ThreatCondition standing;
        standing.name(key_named("origin"), value_bit(ThreatOrigin::Standing));
        CHECK(standing.holds(context));
        CHECK(standing.tests.size() == naming_nothing.tests.size());
        t.origin = ThreatOrigin::Direct;
        CHECK_FALSE(standing.holds(context));
    }

    TEST_CASE("a list of pieces restricting a piece holds when every one is named, and there is one")
    {
        Threat t = rook_on_horse();
        const ThreatContext context { t, PieceType::Chariot, false };
        const ThreatConditionKey& by = key_named("attacker_restricted_by");
        ThreatCondition by_cannon, by_horse, by_cannon_or_horse;
        by_cannon.name(by, value_bit(PieceType::Cannon));
        by_horse.name(by, value_bit(PieceType::Horse));
        by_cannon_or_horse.name(by, value_bit(PieceType::Cannon) | value_bit(PieceType::Horse));
        CHECK(by_cannon.holds(context));
        CHECK_FALSE(by_horse.holds(context));
        CHECK(by_cannon_or_horse.holds(context));
        t.attacker_restriction.by.push_back({ Piece(Color::Black, PieceType::Horse), Square(3, 6) });
        CHECK_FALSE(by_cannon.holds(context));
        CHECK(by_cannon_or_horse.holds(context));
        t.attacker_restriction.by.clear();
        CHECK_FALSE(by_cannon_or_horse.holds(context));
    }

    TEST_CASE("a boolean names one value; the fact the interpreter works out is read from the context")
    {
        const Threat t = rook_on_horse();
        ThreatCondition chased_before;
        chased_before.name(key_named("target_chased_before"), value_bit(true));
        CHECK(chased_before.holds({ t, PieceType::Chariot, true }));
        CHECK_FALSE(chased_before.holds({ t, PieceType::Chariot, false }));
        ThreatCondition not_chased_before;
        not_chased_before.name(key_named("target_chased_before"), value_bit(false));
        CHECK(not_chased_before.holds({ t, PieceType::Chariot, false }));
    }

    TEST_CASE("a row weighs material when it names what a capture wins")
    {
        ThreatCondition by_kinds, by_gain;
        by_kinds.name(key_named("target"), value_bit(PieceType::Horse));
        by_gain.name(key_named("target"), value_bit(PieceType::Horse));
        by_gain.name(key_named("exchange_gain"), value_bit(Gain::Positive));
        CHECK_FALSE(by_kinds.weighs_material());
        CHECK(by_gain.weighs_material());
        const Threat t = rook_on_horse(); // its exchange not weighed: it wins nothing
        CHECK(by_kinds.holds({ t, PieceType::Chariot, false }));
        CHECK_FALSE(by_gain.holds({ t, PieceType::Chariot, false }));
    }
}
