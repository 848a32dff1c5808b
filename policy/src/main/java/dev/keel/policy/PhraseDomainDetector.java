package dev.keel.policy;

import dev.keel.core.text.NormalizedText;
import dev.keel.policy.internal.PhraseMatcher;
import dev.keel.policy.internal.PolicyFormat;
import dev.keel.policy.internal.PolicySpec;
import dev.keel.policy.internal.Words;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** {@link DomainDetector} over compiled phrase rules. Immutable and thread-safe. */
final class PhraseDomainDetector implements DomainDetector {

    private final List<DomainRule> rules;
    private final List<List<PhraseMatcher>> phrases;

    PhraseDomainDetector(List<DomainRule> rules) {
        this.rules = List.copyOf(rules);
        validate(this.rules);
        List<List<PhraseMatcher>> compiled = new ArrayList<>();
        for (DomainRule rule : this.rules) {
            List<PhraseMatcher> matchers = new ArrayList<>();
            for (String phrase : rule.phrases()) {
                matchers.add(PhraseMatcher.compile(phrase, rule.maxGap()));
            }
            compiled.add(List.copyOf(matchers));
        }
        this.phrases = List.copyOf(compiled);
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
        return rules;
    }

    @Override
    public DomainDetection detect(String prompt) {
        // Phrases are looked for in what a reader sees, so that an invisible character or a full-width letter
        // cannot hide a word; offsets are reported in the prompt as given.
        NormalizedText normalized = NormalizedText.of(prompt);
        Words words = Words.of(normalized.text());
        Set<String> domains = new LinkedHashSet<>();
        List<DomainMatch> matches = new ArrayList<>();
        collect(normalized, words, false, domains, matches);
        if (matches.isEmpty()) {
            collect(normalized, words, true, domains, matches);
        }
        return new DomainDetection(new ArrayList<>(domains), matches);
    }

    private void collect(NormalizedText normalized, Words words, boolean fallback, Set<String> domains,
            List<DomainMatch> matches) {
        for (int r = 0; r < rules.size(); r++) {
            DomainRule rule = rules.get(r);
            if (rule.fallback() != fallback) {
                continue;
            }
            for (PhraseMatcher phrase : phrases.get(r)) {
                int[] found = phrase.find(words);
                if (found != null) {
                    matches.add(new DomainMatch(r, phrase.phrase(), normalized.originalStart(words.start(found[0])),
                            normalized.originalEnd(words.end(found[1])), rule.domains()));
                    domains.addAll(rule.domains());
                    break;
                }
            }
        }
    }
}
