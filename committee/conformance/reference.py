"""An independent reference for the committee's keel eval ops, committee_score and pert, written from the rules in
docs/committee.md with Python's exact fractions. It shares no code with the Java implementation."""

from decimal import Decimal
from fractions import Fraction

AXES = ["coherence", "alignment", "verifiability", "signalDensity", "compliance"]
SCALE = 10


class InvalidInput(Exception):
    pass


def is_number(value):
    return isinstance(value, (int, Decimal, Fraction)) and not isinstance(value, bool)


def number(value, low=None, high=None):
    if not is_number(value):
        raise InvalidInput("not a number")
    f = Fraction(value)
    if (low is not None and f < low) or (high is not None and f > high):
        raise InvalidInput("out of range")
    return f


def only(obj, keys, root=False):
    if not isinstance(obj, dict):
        raise InvalidInput("not an object")
    for key in obj:
        if key not in keys and not (root and key == "$schema"):
            raise InvalidInput("unknown key " + key)
    if root and "$schema" in obj and not isinstance(obj["$schema"], str):
        raise InvalidInput("$schema not a string")


def absent(obj, key):
    return key not in obj or obj[key] is None


def non_blank(value):
    if not isinstance(value, str) or value.strip() == "":
        raise InvalidInput("not a non-blank string")
    return value


def rounded(f):
    """The exact quotient when it ends within SCALE places, else rounded half-even to SCALE places."""
    scaled = f * 10 ** SCALE
    return Fraction(round(scaled), 10 ** SCALE)


def committee_score(inp):
    only(inp, ["agents", "policy", "conflictPenalty", "coverageBonus"], root=True)
    agents = inp.get("agents")
    if not isinstance(agents, list) or not agents:
        raise InvalidInput("agents")
    names, scored = set(), []
    for agent in agents:
        only(agent, ["agent", "axes"])
        name = non_blank(agent.get("agent"))
        if name in names:
            raise InvalidInput("duplicate agent")
        names.add(name)
        axes = agent.get("axes")
        only(axes, AXES)
        total = Fraction(0)
        for axis in AXES:
            if absent(axes, axis):
                raise InvalidInput("missing axis")
            total += number(axes[axis], 0, 25)
        scored.append((name, total / 125))
    policy = inp.get("policy")
    only(policy, ["tauHard", "tauSoft", "askUserThreshold", "weights"])
    if absent(policy, "tauHard") or absent(policy, "tauSoft"):
        raise InvalidInput("thresholds")
    tau_hard = number(policy["tauHard"], 0, 1)
    tau_soft = number(policy["tauSoft"], 0, 1)
    if tau_hard > tau_soft:
        raise InvalidInput("tauHard > tauSoft")
    threshold = Fraction("0.70") if absent(policy, "askUserThreshold") else number(policy["askUserThreshold"], 0, 1)
    weights = {}
    if not absent(policy, "weights"):
        if not isinstance(policy["weights"], dict):
            raise InvalidInput("weights")
        for name, weight in policy["weights"].items():
            weights[name] = number(weight, 0)
    penalty = Fraction(0) if absent(inp, "conflictPenalty") else number(inp["conflictPenalty"], 0, 1)
    bonus = Fraction(0) if absent(inp, "coverageBonus") else number(inp["coverageBonus"], 0, 1)

    out_agents, discarded, quarantined, valid = [], [], [], []
    weighted, weight_sum = Fraction(0), Fraction(0)
    for name, cred in scored:
        if cred < tau_hard:
            status = "DISCARD"
            discarded.append(name)
        elif cred < tau_soft:
            status = "QUARANTINE"
            quarantined.append(name)
        else:
            status = "VALID"
            valid.append(name)
            w = weights.get(name, Fraction(1))
            weighted += w * cred
            weight_sum += w
        out_agents.append({"agent": name, "cred": cred, "status": status})
    base = Fraction(0) if weight_sum == 0 else rounded(weighted / weight_sum)
    c_final = min(Fraction(1), max(Fraction(0), base - penalty + bonus))
    return {
        "agents": out_agents,
        "baseScore": base,
        "c_final": c_final,
        "action": "ship" if c_final >= threshold else "ask_user",
        "invalidation": {"discarded": discarded, "quarantined": quarantined, "valid": valid},
    }


def pert(inp):
    only(inp, ["unit", "steps"], root=True)
    unit = inp.get("unit")
    if unit not in ("minutes", "hours"):
        raise InvalidInput("unit")
    steps = inp.get("steps")
    if not isinstance(steps, list) or not steps:
        raise InvalidInput("steps")
    out, totals = [], [Fraction(0)] * 4
    for step in steps:
        only(step, ["step", "o", "m", "p"])
        name = non_blank(step.get("step"))
        for key in ("o", "m", "p"):
            if absent(step, key):
                raise InvalidInput("missing " + key)
        o, m, p = (number(step[k], 0) for k in ("o", "m", "p"))
        if not (o <= m <= p):
            raise InvalidInput("order")
        e = rounded((o + 4 * m + p) / 6)
        out.append({"step": name, "o": o, "m": m, "p": p, "e": e})
        totals = [t + v for t, v in zip(totals, (o, m, p, e))]
    return {"unit": unit, "steps": out, "total": dict(zip("ompe", totals))}
