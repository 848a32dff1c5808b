package dev.keel.policy;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The phrase checks of {@link dev.keel.policy.PolicyLint}, on a policy's {@link PhraseTable}: each phrase is read
 * as a prompt (a domain phrase without its {@code *}), through the same table that reads prompts, so a finding says
 * what that table does. Fallback rules are left out of the comparisons between markings and rules: they apply only
 * when nothing else matched. Pure and thread-safe.
 */
final class PhraseLint {

    private PhraseLint() {
    }

    /** The findings on the table's phrases, sorted; {@code internalOnlyDomains} keep their requests inside. */
    public static List<PolicyFinding> findings(PhraseTable table, Collection<String> internalOnlyDomains) {
        List<PolicyFinding> findings = new ArrayList<>();
        emptyPhrases(table, findings);
        phrasesOfTwoDomains(table, findings);
        markingsApartFromTheirDomains(table, findings);
        domainsApartFromTheirMarkings(table, Set.copyOf(internalOnlyDomains), findings);
        untiedMarkings(table, findings);
        findings.sort(null);
        return List.copyOf(findings);
    }

    private static void emptyPhrases(PhraseTable table, List<PolicyFinding> findings) {
        String why = "normalises to no word (it holds only invisible or filler characters), so it never matches";
        for (int r = 0; r < table.rules().size(); r++) {
            List<PhraseMatcher> phrases = table.rulePhrases(r);
            for (int p = 0; p < phrases.size(); p++) {
                if (phrases.get(p).isEmpty()) {
                    findings.add(new PolicyFinding(PolicyFinding.PHRASE_EMPTY, rulePhrase(r, p), why));
                }
            }
        }
        for (int m = 0; m < table.markings().size(); m++) {
            List<PhraseMatcher> phrases = table.markingPhrases(m);
            for (int p = 0; p < phrases.size(); p++) {
                if (phrases.get(p).isEmpty()) {
                    findings.add(new PolicyFinding(PolicyFinding.PHRASE_EMPTY, markingPhrase(m, p), why));
                }
            }
        }
    }

    /**
     * Phrases of rules, and of markings tied to a domain, that read as the same words (compared without case) but
     * request different domains: a prompt that holds one requests the domains of both.
     */
    private static void phrasesOfTwoDomains(PhraseTable table, List<PolicyFinding> findings) {
        record Entry(String pointer, Set<String> domains) {
        }
        Map<String, Entry> first = new HashMap<>();
        List<String> texts = new ArrayList<>();
        List<Entry> entries = new ArrayList<>();
        for (int r = 0; r < table.rules().size(); r++) {
            List<PhraseMatcher> phrases = table.rulePhrases(r);
            for (int p = 0; p < phrases.size(); p++) {
                texts.add(phrases.get(p).canonical().toLowerCase(Locale.ROOT));
                entries.add(new Entry(rulePhrase(r, p), new TreeSet<>(table.rules().get(r).domains())));
            }
        }
        for (int m = 0; m < table.markings().size(); m++) {
            String domain = table.markings().get(m).domain();
            List<PhraseMatcher> phrases = table.markingPhrases(m);
            for (int p = 0; domain != null && p < phrases.size(); p++) {
                texts.add(phrases.get(p).canonical().toLowerCase(Locale.ROOT));
                entries.add(new Entry(markingPhrase(m, p), new TreeSet<>(Set.of(domain))));
            }
        }
        for (int i = 0; i < entries.size(); i++) {
            Entry entry = entries.get(i);
            if (texts.get(i).isEmpty()) {
                continue;
            }
            Entry earlier = first.putIfAbsent(texts.get(i), entry);
            if (earlier != null && !earlier.domains().equals(entry.domains())) {
                findings.add(new PolicyFinding(PolicyFinding.PHRASE_IN_TWO_DOMAINS, entry.pointer(),
                        "reads as \"" + texts.get(i) + "\", as " + earlier.pointer() + " does, which requests "
                                + earlier.domains() + " where this requests " + entry.domains()
                                + ": a prompt with it requests both; keep the phrase in one rule"));
            }
        }
    }

    /** A marking tied to a domain whose own text no rule of that domain matches. */
    private static void markingsApartFromTheirDomains(PhraseTable table, List<PolicyFinding> findings) {
        for (int m = 0; m < table.markings().size(); m++) {
            Marking marking = table.markings().get(m);
            for (int p = 0; marking.domain() != null && p < marking.phrases().size(); p++) {
                String text = marking.phrases().get(p);
                if (!table.markingPhrases(m).get(p).isEmpty()
                        && !ruleDomains(table, table.find(text)).contains(marking.domain())) {
                    findings.add(new PolicyFinding(PolicyFinding.MARKING_OUTSIDE_DOMAIN, markingPhrase(m, p),
                            "is tied to domain " + marking.domain() + ", but no domain rule of " + marking.domain()
                                    + " matches \"" + text + "\": the rules and the marking read this spelling apart;"
                                    + " add a phrase for it to a rule of " + marking.domain()));
                }
            }
        }
    }

    /**
     * A phrase of a rule requesting a domain that markings are tied to, which carries none of them, the domain not
     * being internal-only: a prompt with it gets the domain's decision but may leave the house.
     */
    private static void domainsApartFromTheirMarkings(PhraseTable table, Set<String> internalOnlyDomains,
            List<PolicyFinding> findings) {
        for (int r = 0; r < table.rules().size(); r++) {
            DomainRule rule = table.rules().get(r);
            if (rule.fallback()) {
                continue;
            }
            for (int p = 0; p < rule.phrases().size(); p++) {
                if (table.rulePhrases(r).get(p).isEmpty()) {
                    continue;
                }
                String text = rule.phrases().get(p).replace("*", "");
                Set<String> carried = new LinkedHashSet<>();
                for (PhraseTable.Hit hit : table.find(text).markings()) {
                    carried.add(table.markings().get(hit.index()).id());
                }
                for (String domain : rule.domains()) {
                    List<String> tied = tiedMarkings(table, domain);
                    if (!tied.isEmpty() && !internalOnlyDomains.contains(domain)
                            && tied.stream().noneMatch(carried::contains)) {
                        findings.add(new PolicyFinding(PolicyFinding.DOMAIN_OUTSIDE_MARKING, rulePhrase(r, p),
                                "requests domain " + domain + ", to which marking" + (tied.size() == 1 ? " " : "s ")
                                        + String.join(", ", tied) + " belong" + (tied.size() == 1 ? "s" : "")
                                        + ", but \"" + text + "\" carries none of them and " + domain + " is not"
                                        + " internal-only: a prompt with it gets the decision for " + domain
                                        + " yet may leave the house"));
                    }
                }
            }
        }
    }

    /** A marking tied to no domain whose text a domain rule matches. */
    private static void untiedMarkings(PhraseTable table, List<PolicyFinding> findings) {
        for (int m = 0; m < table.markings().size(); m++) {
            Marking marking = table.markings().get(m);
            for (int p = 0; marking.domain() == null && p < marking.phrases().size(); p++) {
                String text = marking.phrases().get(p);
                PhraseTable.Found found = table.find(text);
                PhraseTable.Hit hit = found.rules().stream()
                        .filter(h -> !table.rules().get(h.index()).fallback()).findFirst().orElse(null);
                if (hit != null) {
                    findings.add(new PolicyFinding(PolicyFinding.MARKING_WITHOUT_DOMAIN, markingPhrase(m, p),
                            "reads as a request for " + ruleDomains(table, found) + " (" + rulePhrase(hit.index(),
                                    table.rules().get(hit.index()).phrases().indexOf(hit.phrase())) + " matches \""
                                    + text + "\"), but the marking is tied to no domain: a spelling only the marking"
                                    + " reads keeps the request inside without requesting them; tie the marking to"
                                    + " its domain with \"domain\""));
                }
            }
        }
    }

    /** The domains the non-fallback rules {@code found} holds request, in rule order. */
    private static Set<String> ruleDomains(PhraseTable table, PhraseTable.Found found) {
        Set<String> domains = new LinkedHashSet<>();
        for (PhraseTable.Hit hit : found.rules()) {
            DomainRule rule = table.rules().get(hit.index());
            if (!rule.fallback()) {
                domains.addAll(rule.domains());
            }
        }
        return domains;
    }

    private static List<String> tiedMarkings(PhraseTable table, String domain) {
        return table.markings().stream().filter(m -> domain.equals(m.domain())).map(Marking::id).toList();
    }

    private static String rulePhrase(int rule, int phrase) {
        return "/domain_rules/" + rule + "/phrases/" + phrase;
    }

    private static String markingPhrase(int marking, int phrase) {
        return "/sensitivity/markings/" + marking + "/phrases/" + phrase;
    }
}
