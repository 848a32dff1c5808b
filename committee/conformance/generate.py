"""Writes the conformance corpus of committee_score and pert: deterministic random and hand-picked inputs, each with
the reference's output or the expected error. Run from this directory: python3 generate.py"""

import json
import random
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import reference

OUT = Path(__file__).resolve().parent.parent / "src" / "test" / "resources" / "conformance"


def text(value):
    """JSON text with numbers written as exact decimals."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, Fraction):
        places = 0
        while (value * 10 ** places).denominator != 1:  # ends: outputs are exact or rounded to SCALE places
            places += 1
        return format(Decimal(int(value * 10 ** places)).scaleb(-places), "f")
    if isinstance(value, (int, Decimal)):
        return format(Decimal(value), "f")
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ",".join(text(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + text(v) for k, v in value.items()) + "}"
    raise TypeError(type(value))


def case(cases, cid, op, inp):
    fn = reference.committee_score if op == "committee_score" else reference.pert
    try:
        cases.append({"id": cid, "op": op, "input": inp, "expected": fn(inp)})
    except reference.InvalidInput as e:
        cases.append({"id": cid, "op": op, "input": inp, "expected_error": {"code": "invalid_input", "why": str(e)}})


def dec(rng, low, high, places):
    return Decimal(rng.randint(low * 10 ** places, high * 10 ** places)).scaleb(-places)


def axes(rng):
    places = rng.choice([0, 0, 0, 1, 2])
    return {axis: dec(rng, 0, 25, places) for axis in reference.AXES}


def score_input(rng):
    names = rng.sample(["solver", "critic", "verifier", "editor", "implementer", "visual", "grok"], rng.randint(1, 6))
    tau_hard = Decimal(rng.choice(["0.30", "0.40", "0.45", "0.5", "0.55", "0", "0.6"]))
    tau_soft = max(tau_hard, Decimal(rng.choice(["0.55", "0.60", "0.65", "0.7", "0.75", "1", "0.6"])))
    policy = {"tauHard": tau_hard, "tauSoft": tau_soft}
    if rng.random() < 0.5:
        policy["askUserThreshold"] = Decimal(rng.choice(["0.70", "0.5", "0.65", "0.8", "0", "1"]))
    if rng.random() < 0.5:
        policy["weights"] = {n: dec(rng, 0, 3, rng.choice([0, 1, 2])) for n in names if rng.random() < 0.7}
    inp = {"agents": [{"agent": n, "axes": axes(rng)} for n in names], "policy": policy}
    if rng.random() < 0.5:
        inp["conflictPenalty"] = dec(rng, 0, 1, 2) if rng.random() < 0.9 else Decimal(0)
    if rng.random() < 0.5:
        inp["coverageBonus"] = dec(rng, 0, 1, 2) / 4
    return inp


def pert_input(rng):
    steps = []
    for k in range(rng.randint(1, 7)):
        places = rng.choice([0, 0, 1, 2])
        values = sorted(dec(rng, 0, 40, places) for _ in range(3))
        steps.append({"step": "Step %d" % (k + 1), "o": values[0], "m": values[1], "p": values[2]})
    return {"unit": rng.choice(["minutes", "hours"]), "steps": steps}


def broken_score(rng, inp):
    kind = rng.randrange(12)
    agents, policy = inp["agents"], inp["policy"]
    if kind == 0:
        del agents[0]["axes"][rng.choice(reference.AXES)]
    elif kind == 1:
        agents[0]["axes"][rng.choice(reference.AXES)] = Decimal(rng.choice(["25.01", "-1", "26", "100"]))
    elif kind == 2:
        agents.append({"agent": agents[0]["agent"], "axes": axes(rng)})
    elif kind == 3:
        inp["agents"] = []
    elif kind == 4:
        policy["tauHard"], policy["tauSoft"] = Decimal("0.8"), Decimal("0.6")
    elif kind == 5:
        policy[rng.choice(["tauHard", "tauSoft", "askUserThreshold"])] = Decimal(rng.choice(["1.5", "-0.1", "2"]))
    elif kind == 6:
        policy["weights"] = {agents[0]["agent"]: Decimal("-1")}
    elif kind == 7:
        inp[rng.choice(["conflictPenalty", "coverageBonus"])] = Decimal(rng.choice(["1.2", "-0.01"]))
    elif kind == 8:
        agents[0]["axes"][rng.choice(reference.AXES)] = "20"
    elif kind == 9:
        del policy[rng.choice(["tauHard", "tauSoft"])]
    elif kind == 10:
        agents[0]["axes"]["clarity"] = Decimal(3)
    else:
        agents[0]["agent"] = rng.choice(["", "   ", None, 7])
    return inp


def broken_pert(rng, inp):
    kind = rng.randrange(7)
    step = inp["steps"][0]
    if kind == 0:
        step["o"], step["m"] = step["m"] + 1, step["m"]
    elif kind == 1:
        step["p"] = step["m"] - Decimal("0.5")
    elif kind == 2:
        step["o"] = Decimal(-1)
    elif kind == 3:
        inp["steps"] = []
    elif kind == 4:
        inp["unit"] = rng.choice(["days", "Hours", None])
    elif kind == 5:
        del step[rng.choice(["o", "m", "p", "step"])]
    else:
        step["e"] = Decimal(1)
    return inp


def hand_cases():
    cases = []
    A = lambda *v: dict(zip(reference.AXES, (Decimal(x) for x in v)))
    case(cases, "score-seed-example", "committee_score", {
        "agents": [{"agent": "solver", "axes": A(22, 21, 20, 19, 23)},
                   {"agent": "critic", "axes": A(15, 14, 12, 13, 16)},
                   {"agent": "verifier", "axes": A(5, 6, 4, 7, 8)}],
        "policy": {"tauHard": Decimal("0.40"), "tauSoft": Decimal("0.60")}})
    case(cases, "score-thresholds-exact", "committee_score", {
        "agents": [{"agent": "at-hard", "axes": A(10, 10, 10, 10, 10)},
                   {"agent": "at-soft", "axes": A(15, 15, 15, 15, 15)}],
        "policy": {"tauHard": Decimal("0.4"), "tauSoft": Decimal("0.6"), "askUserThreshold": Decimal("0.6")}})
    case(cases, "score-no-valid", "committee_score", {
        "agents": [{"agent": "solver", "axes": A(1, 1, 1, 1, 1)}],
        "policy": {"tauHard": Decimal("0.4"), "tauSoft": Decimal("0.6")}, "coverageBonus": Decimal("0.3")})
    case(cases, "score-zero-weights", "committee_score", {
        "agents": [{"agent": "solver", "axes": A(25, 25, 25, 25, 25)}],
        "policy": {"tauHard": Decimal("0.4"), "tauSoft": Decimal("0.6"), "weights": {"solver": Decimal(0)}}})
    case(cases, "score-clamped-high", "committee_score", {
        "agents": [{"agent": "solver", "axes": A(25, 25, 25, 25, 24)}],
        "policy": {"tauHard": Decimal("0.4"), "tauSoft": Decimal("0.6")}, "coverageBonus": Decimal("0.5")})
    case(cases, "score-clamped-low", "committee_score", {
        "agents": [{"agent": "solver", "axes": A(20, 20, 20, 20, 20)}],
        "policy": {"tauHard": Decimal("0.4"), "tauSoft": Decimal("0.6")}, "conflictPenalty": Decimal("1")})
    case(cases, "score-repeating-mean", "committee_score", {
        "agents": [{"agent": "a", "axes": A(20, 20, 20, 20, 20)}, {"agent": "b", "axes": A(25, 25, 25, 25, 25)},
                   {"agent": "c", "axes": A(21, 21, 21, 21, 21)}],
        "policy": {"tauHard": Decimal("0.4"), "tauSoft": Decimal("0.6"),
                   "weights": {"a": Decimal(1), "b": Decimal(1), "c": Decimal(1)}}})
    case(cases, "score-threshold-boundary", "committee_score", {
        "agents": [{"agent": "solver", "axes": A("17.5", "17.5", "17.5", "17.5", "17.5")}],
        "policy": {"tauHard": Decimal("0.4"), "tauSoft": Decimal("0.6"), "askUserThreshold": Decimal("0.70")}})
    case(cases, "score-schema-key", "committee_score", {
        "$schema": "https://keel.dev/schema/committee-score.json",
        "agents": [{"agent": "solver", "axes": A(20, 20, 20, 20, 20)}],
        "policy": {"tauHard": Decimal("0.4"), "tauSoft": Decimal("0.6"), "askUserThreshold": None}})
    case(cases, "score-equal-taus", "committee_score", {
        "agents": [{"agent": "solver", "axes": A(12, 12, 12, 12, 12)}, {"agent": "critic", "axes": A(13, 13, 13, 13, 13)}],
        "policy": {"tauHard": Decimal("0.5"), "tauSoft": Decimal("0.5")}})
    case(cases, "score-unknown-key", "committee_score", {
        "agents": [{"agent": "solver", "axes": A(20, 20, 20, 20, 20)}],
        "policy": {"tauHard": Decimal("0.4"), "tauSoft": Decimal("0.6")}, "c_final": Decimal("0.9")})
    case(cases, "score-weights-not-object", "committee_score", {
        "agents": [{"agent": "solver", "axes": A(20, 20, 20, 20, 20)}],
        "policy": {"tauHard": Decimal("0.4"), "tauSoft": Decimal("0.6"), "weights": [Decimal(1)]}})
    case(cases, "score-boolean-axis", "committee_score", {
        "agents": [{"agent": "solver", "axes": {**A(20, 20, 20, 20, 20), "compliance": True}}],
        "policy": {"tauHard": Decimal("0.4"), "tauSoft": Decimal("0.6")}})
    case(cases, "pert-seed-shape", "pert", {"unit": "hours", "steps": [
        {"step": "Schema and migrations", "o": Decimal(2), "m": Decimal(3), "p": Decimal(6)},
        {"step": "Endpoint and validation", "o": Decimal(1), "m": Decimal(2), "p": Decimal(4)},
        {"step": "Contract tests", "o": Decimal("0.5"), "m": Decimal(1), "p": Decimal(3)}]})
    case(cases, "pert-repeating", "pert", {"unit": "minutes", "steps": [
        {"step": "one", "o": Decimal(1), "m": Decimal(1), "p": Decimal(2)},
        {"step": "two", "o": Decimal(0), "m": Decimal(0), "p": Decimal(1)}]})
    case(cases, "pert-all-zero", "pert", {"unit": "minutes", "steps": [
        {"step": "nothing", "o": Decimal(0), "m": Decimal(0), "p": Decimal(0)}]})
    case(cases, "pert-large", "pert", {"unit": "hours", "steps": [
        {"step": "long", "o": Decimal(100), "m": Decimal(200), "p": Decimal(1000)}]})
    case(cases, "pert-string-number", "pert", {"unit": "hours", "steps": [
        {"step": "x", "o": "1", "m": Decimal(2), "p": Decimal(3)}]})
    case(cases, "pert-no-steps-key", "pert", {"unit": "hours"})
    return cases


def main():
    rng = random.Random(20260116)
    cases = hand_cases()
    for i in range(400):
        case(cases, "score-random-%03d" % i, "committee_score", score_input(rng))
    for i in range(150):
        case(cases, "score-broken-%03d" % i, "committee_score", broken_score(rng, score_input(rng)))
    for i in range(250):
        case(cases, "pert-random-%03d" % i, "pert", pert_input(rng))
    for i in range(100):
        case(cases, "pert-broken-%03d" % i, "pert", broken_pert(rng, pert_input(rng)))
    OUT.mkdir(parents=True, exist_ok=True)
    for op, name in (("committee_score", "committee-score.jsonl"), ("pert", "pert.jsonl")):
        with open(OUT / name, "w", encoding="utf-8", newline="\n") as out:
            for c in cases:
                if c["op"] == op:
                    out.write(text(c) + "\n")


if __name__ == "__main__":
    main()
