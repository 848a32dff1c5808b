package dev.keel.policy;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@link DomainDetector} over a phrase table: its domain rules, and its markings tied to a domain, which request
 * their domain wherever they are carried. Immutable and thread-safe.
 */
final class PhraseDomainDetector implements DomainDetector {

    private final PhraseTable table;

    /** The detector of a policy: its rules and markings, compiled when it was loaded. */
    PhraseDomainDetector(PhraseTable table) {
        this.table = table;
    }

    /** A detector of rules given in code, which are checked as a document's would be. */
    static PhraseDomainDetector ofRules(List<DomainRule> rules) {
        List<DomainRule> copy = List.copyOf(rules);
        validate(copy);
        return new PhraseDomainDetector(PhraseTable.of(copy, List.of()));
    }

    // Rules built in code get the same checks as the domain_rules of a document, with the same pointers.
    private static void validate(List<DomainRule> rules) {
        List<PolicySpec.DomainRuleSpec> specs = new ArrayList<>();
        for (DomainRule rule : rules) {
            specs.add(new PolicySpec.DomainRuleSpec(rule.phrases(), rule.domains(), rule.maxGap(), rule.fallback()));
        }
        PolicyFormat.validateDomainRules(specs);
    }

    @Override
    public List<DomainRule> rules() {
        return table.rules();
    }

    @Override
    public DomainDetection detect(String prompt) {
        PhraseTable.Found found = table.find(prompt);
        Set<String> domains = new LinkedHashSet<>();
        List<DomainMatch> matches = new ArrayList<>();
        for (PhraseTable.Hit hit : found.rules()) {
            add(hit, false, domains, matches);
        }
        // A marking tied to a domain is one more rule of that domain: it is read from the same words, so any
        // spelling that keeps a request inside also requests the domain the marking belongs to.
        marked(found, domains, matches);
        if (matches.isEmpty()) {
            for (PhraseTable.Hit hit : found.rules()) {
                add(hit, true, domains, matches);
            }
        }
        return new DomainDetection(new ArrayList<>(domains), matches);
    }

    /**
     * {@code detection}, made by any detector, with the domain of each marking of this table that {@code prompt}
     * carries and {@code detection} lacks: whoever detects the domains, a marking that keeps a request inside also
     * puts its domain in the decision.
     */
    DomainDetection withMarkedDomains(DomainDetection detection, String prompt) {
        if (table.markings().stream().allMatch(m -> m.domain() == null)) {
            return detection;
        }
        Set<String> domains = new LinkedHashSet<>(detection.domains());
        List<DomainMatch> matches = new ArrayList<>(detection.matches());
        if (!marked(table.find(prompt), domains, matches)) {
            return detection;
        }
        return new DomainDetection(new ArrayList<>(domains), matches);
    }

    /** Adds the domain of each carried marking that is tied to one not yet in {@code domains}; true if any. */
    private boolean marked(PhraseTable.Found found, Set<String> domains, List<DomainMatch> matches) {
        boolean added = false;
        for (PhraseTable.Hit hit : found.markings()) {
            Marking marking = table.markings().get(hit.index());
            if (marking.domain() != null && domains.add(marking.domain())) {
                matches.add(new DomainMatch(-1, hit.phrase(), hit.start(), hit.end(), List.of(marking.domain()),
                        marking.id()));
                added = true;
            }
        }
        return added;
    }

    private void add(PhraseTable.Hit hit, boolean fallback, Set<String> domains, List<DomainMatch> matches) {
        DomainRule rule = table.rules().get(hit.index());
        if (rule.fallback() == fallback) {
            matches.add(new DomainMatch(hit.index(), hit.phrase(), hit.start(), hit.end(), rule.domains()));
            domains.addAll(rule.domains());
        }
    }
}
