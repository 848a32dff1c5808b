package dev.keel.policy;

import dev.keel.core.Principal;
import dev.keel.core.ReasonCodes;
import dev.keel.core.text.Names;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * {@link SensitivityAssessor}: clearances and domains compared in canonical form, markings found by the policy's
 * {@link PhraseTable}, the one domain detection reads the prompt with. Immutable, pure and thread-safe.
 */
final class MarkingSensitivityAssessor implements SensitivityAssessor {

    private final Set<String> clearances = new LinkedHashSet<>();
    private final Set<String> domains = new LinkedHashSet<>();
    private final PhraseTable phrases;

    /** An assessor of {@code sensitivity} alone: its markings compiled here. */
    public MarkingSensitivityAssessor(Sensitivity sensitivity) {
        this(sensitivity, PhraseTable.of(List.of(), sensitivity.markings()));
    }

    /** An assessor of {@code sensitivity}, whose markings {@code phrases} holds, compiled with its policy. */
    public MarkingSensitivityAssessor(Sensitivity sensitivity, PhraseTable phrases) {
        Objects.requireNonNull(sensitivity, "sensitivity");
        sensitivity.internalOnlyClearances().forEach(c -> clearances.add(Names.canonical(c)));
        sensitivity.internalOnlyDomains().forEach(d -> domains.add(Names.canonical(d)));
        this.phrases = Objects.requireNonNull(phrases, "phrases");
    }

    @Override
    public SensitivityDecision assess(Collection<Principal> principals, Collection<String> requested,
            @Nullable String prompt) {
        List<String> rules = new ArrayList<>();
        ReasonCodes.Builder codes = ReasonCodes.builder();
        Set<String> seen = new LinkedHashSet<>();
        for (Principal principal : principals) {
            String clearance = principal == null ? null : principal.canonicalClearance();
            if (clearance != null && clearances.contains(clearance) && seen.add("clearance " + clearance)) {
                rules.add("clearance " + clearance);
                codes.add("internal_only_clearance");
            }
        }
        for (String domain : requested) {
            String canonical = Names.canonical(domain);
            if (domains.contains(canonical) && seen.add("domain " + canonical)) {
                rules.add("domain " + canonical);
                codes.add("internal_only_domain");
            }
        }
        if (!phrases.markings().isEmpty() && prompt != null) {
            for (PhraseTable.Hit hit : phrases.find(prompt).markings()) {
                rules.add("marking " + phrases.markings().get(hit.index()).id());
                codes.add("internal_only_marking");
            }
        }
        return rules.isEmpty() ? SensitivityDecision.externalAllowed()
                : new SensitivityDecision(true, rules, codes.build());
    }
}
