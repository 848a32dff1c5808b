package dev.keel.policy;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.ReasonCodes;
import dev.keel.core.content.Labels;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonBudget;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonPointers;
import dev.keel.core.text.Names;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** The {@link ToolGate} of a policy document's {@code tools}. Pure and thread-safe. */
final class PolicyToolGate implements ToolGate {

    /** What stands in place of a sensitive argument sent to an external tool. */
    static final String WITHHELD_ARGUMENT = "[argument withheld]";

    private final PolicyDocument policy;
    private final EgressFilter egress;
    private final PolicyEvaluator evaluator;
    /** The host's placements by canonical tool name, the stricter kept where two names meet. */
    private final Map<String, ToolPlacement> hostPlacements;

    public PolicyToolGate(PolicyDocument policy, EgressFilter egress, Map<String, ToolPlacement> hostPlacements) {
        this.policy = Objects.requireNonNull(policy, "policy");
        this.egress = Objects.requireNonNull(egress, "egress");
        this.evaluator = PolicyEvaluator.create(policy);
        Map<String, ToolPlacement> placements = new HashMap<>();
        hostPlacements.forEach((name, placement) -> placements.merge(Names.canonical(name),
                Objects.requireNonNull(placement, "placement"), ToolPlacement::stricter));
        this.hostPlacements = Map.copyOf(placements);
    }

    @Override
    public PolicyDocument policy() {
        return policy;
    }

    @Override
    public Optional<ToolPolicy> tool(String name) {
        ToolPlacement host = hostPlacements.get(Names.canonical(name));
        return policy.tool(name).map(tool -> host == null ? tool : tool.placedAtLeast(host));
    }

    @Override
    public ToolCallVerdict check(ToolTurn turn, Part.ToolCall call) {
        ToolPolicy tool = tool(call.name()).orElse(null);
        ReasonCodes refusals = refusals(turn, tool).concat(overBudget(call));
        // An external tool's arguments are filtered whatever else fails, so that a refusal lists every check the call
        // fails; not without a principal or a known tool, which stop the checks, nor in a denied turn, whose filter
        // keeps nothing of any argument.
        if (tool == null || turn.principal() == null || !tool.external()
                || turn.decision().decision() == Decision.DENY) {
            return refusals.isEmpty()
                    ? new ToolCallVerdict(call.name(), Decision.ALLOW, ReasonCodes.of(ToolCallVerdict.ALLOWED), tool,
                            call, List.of())
                    : new ToolCallVerdict(call.name(), Decision.DENY, refusals, tool, null, List.of());
        }
        List<Redaction> redactions = new ArrayList<>();
        Map<String, Object> arguments = withholdSensitive(tool, call.arguments(), redactions);
        PolicyDecision decision = turn.decision();
        FilteredPart filtered = egress.apply(decision.decision(), decision.partialKinds(), Part.json(arguments));
        redactions.addAll(filtered.redactions());
        // A value the filter withheld whole is no longer the tool's arguments: the call is not made rather than
        // made with a placeholder the tool would misread.
        if (!(filtered.part() instanceof Part.Json json && json.value() instanceof Map<?, ?> sent)
                || filtered.redactions().stream().anyMatch(r -> Redaction.OVERSIZED.equals(r.kind()))) {
            return new ToolCallVerdict(call.name(), Decision.DENY, ReasonCodes.builder().addAll(refusals)
                    .add(ToolCallVerdict.ARGUMENTS_WITHHELD).build(), tool, null, redactions);
        }
        if (!refusals.isEmpty()) {
            return new ToolCallVerdict(call.name(), Decision.DENY, refusals, tool, null, List.of());
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> sentArguments = (Map<String, Object>) sent;
        return new ToolCallVerdict(call.name(), Decision.ALLOW, ReasonCodes.of(ToolCallVerdict.ALLOWED), tool,
                new Part.ToolCall(call.id(), call.name(), sentArguments, call.labels()), redactions);
    }

    @Override
    public ToolResultVerdict result(ToolTurn turn, Part.ToolResult result) {
        ToolPolicy tool = tool(result.name()).orElse(null);
        ReasonCodes refusals = refusals(turn, tool);
        if (!refusals.isEmpty()) {
            Set<String> domains = tool == null ? Set.of() : Set.copyOf(tool.resultDomains());
            return new ToolResultVerdict(result.name(), Decision.DENY, refusals, null,
                    result.withLabels(result.labels().join(Labels.of(domains, true, Decision.DENY))));
        }
        Objects.requireNonNull(tool, "a known tool passed the checks");
        Set<String> union = new LinkedHashSet<>(turn.domains());
        union.addAll(tool.resultDomains());
        PolicyDecision evaluation = evaluator.evaluate(turn.principal(), union);
        Decision before = turn.decision().decision();
        Decision after = before.mostRestrictive(evaluation.decision());
        ReasonCodes.Builder codes = ReasonCodes.builder().addAll(evaluation.reasonCodes());
        if (after != before) {
            codes.add(ToolResultVerdict.LOWERED);
        }
        boolean internalOnly = tool.resultDomains().stream()
                .anyMatch(policy.sensitivity().internalOnlyDomains()::contains);
        Labels labels = result.labels().join(Labels.of(Set.copyOf(tool.resultDomains()), internalOnly, after));
        return new ToolResultVerdict(result.name(), labels.decision() == null ? after : labels.decision(),
                codes.build(), evaluation, result.withLabels(labels));
    }

    /** Every check the call fails; a missing principal or an unknown tool stops the checks, nothing else does. */
    private ReasonCodes refusals(ToolTurn turn, @Nullable ToolPolicy tool) {
        Principal principal = turn.principal();
        if (principal == null) {
            return ReasonCodes.of(ToolCallVerdict.PRINCIPAL_MISSING);
        }
        if (tool == null) {
            return ReasonCodes.of(ToolCallVerdict.UNKNOWN);
        }
        ReasonCodes.Builder codes = ReasonCodes.builder();
        String role = principal.canonicalRole();
        String clearance = principal.canonicalClearance();
        if (!tool.allowedRoles().contains(role)) {
            codes.add(ToolCallVerdict.ROLE_NOT_ALLOWED);
        }
        RolePolicy rolePolicy = policy.roles().get(role);
        if (!tool.allowedClearances().isEmpty() && !tool.allowedClearances().contains(clearance)
                || rolePolicy != null && !rolePolicy.allowedClearances().contains(clearance)) {
            codes.add(ToolCallVerdict.CLEARANCE_NOT_ALLOWED);
        }
        if (tool.external() && turn.internalOnly()) {
            codes.add(ToolCallVerdict.EXTERNAL_INTERNAL_ONLY);
        }
        if (turn.decision().decision() == Decision.DENY) {
            codes.add(ToolCallVerdict.TURN_DENIED);
        }
        return codes.build();
    }

    /** Arguments past the JSON budget were withheld when the call was read: what is left is no call to make. */
    private static ReasonCodes overBudget(Part.ToolCall call) {
        return JsonBudget.withheldCode(call.arguments())
                .map(code -> ReasonCodes.of(ToolCallVerdict.ARGUMENTS_WITHHELD, code)).orElse(ReasonCodes.empty());
    }

    // The tool's author named what must not leave whole: the filter's kinds might keep an account name or a
    // patient's free text that is sensitive as a whole. Names are compared as tool, role and clearance names are,
    // and at every depth, so that neither another spelling nor nesting carries the value out.
    private static Map<String, Object> withholdSensitive(ToolPolicy tool, Map<String, Object> arguments,
            List<Redaction> redactions) {
        if (tool.sensitiveArguments().isEmpty()) {
            return arguments;
        }
        Set<String> sensitive = new HashSet<>();
        tool.sensitiveArguments().forEach(name -> sensitive.add(Names.canonical(name)));
        return withheldIn(arguments, JsonPointers.ROOT, sensitive, redactions);
    }

    /** {@code object} with the members {@code sensitive} names withheld, at any depth; itself when it has none. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> withheldIn(Map<String, ?> object, String pointer, Set<String> sensitive,
            List<Redaction> redactions) {
        Map<String, Object> kept = new LinkedHashMap<>();
        boolean changed = false;
        for (Map.Entry<String, ?> member : object.entrySet()) {
            String at = JsonPointers.child(pointer, member.getKey());
            Object value = member.getValue();
            Object keptValue;
            if (sensitive.contains(Names.canonical(member.getKey()))) {
                String removed = JsonCodec.strict().write(value);
                redactions.add(new Redaction(ToolCallVerdict.SENSITIVE_ARGUMENT, 0, removed.length(), removed,
                        WITHHELD_ARGUMENT, at, false));
                keptValue = WITHHELD_ARGUMENT;
            } else {
                keptValue = withheldIn(value, at, sensitive, redactions);
            }
            changed |= keptValue != value;
            kept.put(member.getKey(), keptValue);
        }
        return changed ? kept : (Map<String, Object>) object;
    }

    /** {@code value}, a plain JSON value, with the members {@code sensitive} names withheld in its objects. */
    @SuppressWarnings("unchecked")
    private static @Nullable Object withheldIn(@Nullable Object value, String pointer, Set<String> sensitive,
            List<Redaction> redactions) {
        if (value instanceof Map<?, ?> object) {
            // A plain JSON tree's object: its member names are strings.
            return withheldIn((Map<String, ?>) object, pointer, sensitive, redactions);
        }
        if (value instanceof List<?> items) {
            List<@Nullable Object> kept = new ArrayList<>(items.size());
            boolean changed = false;
            for (int i = 0; i < items.size(); i++) {
                Object item = items.get(i);
                Object keptItem = withheldIn(item, JsonPointers.child(pointer, i), sensitive, redactions);
                changed |= keptItem != item;
                kept.add(keptItem);
            }
            return changed ? kept : items;
        }
        return value;
    }
}
