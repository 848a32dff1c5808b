package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.policy.loader.PolicyFiles;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Markings imply their domain: a request that names the Bright-Water settlement in any spelling the normaliser
 * reads as "bright water" stays in the house and is decided over the settlement's domain, so a paralegal (denied the
 * domain) is refused and an associate (not allowed it) gets PARTIAL, whatever the domain phrases say.
 */
class MarkingDomainTest {

    private static final String SETTLEMENT = "bright_water_settlement";
    private static final PolicyDocument LAW_FIRM = PolicyFiles.readPolicyResource(
            MarkingDomainTest.class.getClassLoader(), "dev/keel/policy/law_firm_policy.json");
    private static final GovernancePlane PLANE = GovernancePlane.builder().policy(LAW_FIRM).build();
    private static final PolicyEvaluator EVALUATOR = PolicyEvaluator.create(LAW_FIRM);
    private static final Map<Principal, Decision> ROLES = new LinkedHashMap<>();

    static {
        ROLES.put(Principal.of("paralegal", "staff"), Decision.DENY);
        ROLES.put(Principal.of("associate", "staff"), Decision.PARTIAL);
        ROLES.put(Principal.of("partner", "privileged"), Decision.ALLOW);
    }

    @Test
    void theParalegalIsRefusedTheSettlementFigure() {
        GovernanceBundle bundle = PLANE.assess(Principal.of("paralegal", "staff"), "What did Bright-Water settle for?");

        assertThat(bundle.sensitivity().rules()).containsExactly("marking bright_water");
        assertThat(bundle.domains()).containsExactly("matters", SETTLEMENT);
        assertThat(bundle.decision()).isEqualTo(Decision.DENY);
        assertThat(bundle.policyDecision().reasonCodes().values()).containsExactly("domain_denied");
        DomainMatch marked = bundle.domainDetection().matches().get(1);
        assertThat(marked.marking()).isEqualTo("bright_water");
        assertThat(marked.ruleIndex()).isEqualTo(-1);
        assertThat("What did Bright-Water settle for?".substring(marked.start(), marked.end())).isEqualTo("Bright-Water");
    }

    @Test
    void anUntiedMarkingKeepsTodaysMeaningItOnlyKeepsTheRequestInside() {
        Map<String, Object> tree = new LinkedHashMap<>(LAW_FIRM.toTree());
        tree.put("sensitivity", Map.of("markings", List.of(Map.of("id", "bright_water", "phrases",
                List.of("Bright Water")))));
        PolicyDocument untied = PolicyDocument.fromTree(tree);

        GovernanceBundle bundle = GovernancePlane.builder().policy(untied).build()
                .assess(Principal.of("paralegal", "staff"), "What did Bright-Water settle for?");

        assertThat(bundle.sensitivity().internalOnly()).isTrue();
        assertThat(bundle.domains()).containsExactly("matters");
        assertThat(bundle.decision()).isEqualTo(Decision.ALLOW);
        assertThat(DomainDetector.create(untied).detect("Bright Water").domains()).isEmpty();
    }

    @Test
    void aHostsOwnDetectorStillGetsTheMarkingsDomain() {
        DomainDetector settleOnly = DomainDetector.create(List.of(DomainRule.of(List.of("settle*"), List.of("matters"))));
        GovernancePlane plane = GovernancePlane.builder().policy(LAW_FIRM).domainDetector(settleOnly).build();

        GovernanceBundle bundle = plane.assess(Principal.of("associate", "staff"), "What did BRIGHT WATER settle for?");

        assertThat(bundle.domains()).containsExactly("matters", SETTLEMENT);
        assertThat(bundle.decision()).isEqualTo(Decision.PARTIAL);
        assertThat(bundle.domainDetection().matches()).extracting(DomainMatch::marking)
                .containsExactly(null, "bright_water");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Bright Watery", "Brightwaters", "the bright side of the water", "upright water",
        "bright, clear water"})
    void wordsThatOnlyLookLikeTheMarkingNeitherKeepItInsideNorRequestTheDomain(String name) {
        GovernanceBundle bundle = PLANE.assess(Principal.of("paralegal", "staff"), "What did " + name + " settle for?");

        assertThat(bundle.sensitivity().internalOnly()).as(name).isFalse();
        assertThat(bundle.domains()).as(name).containsExactly("matters");
        assertThat(bundle.decision()).as(name).isEqualTo(Decision.ALLOW);
    }

    @Test
    void whereverTheMarkingKeepsARequestInsideItsDomainIsDecided() {
        long seed = 20_261_126L;
        Random random = new Random(seed);
        int carried = 0;
        for (int i = 0; i < 2_000; i++) {
            String prompt = prompt(random);
            for (Map.Entry<Principal, Decision> role : ROLES.entrySet()) {
                GovernanceBundle bundle = PLANE.assess(role.getKey(), prompt);
                String why = "seed " + seed + ", case " + i + ", " + role.getKey().role() + ": " + escaped(prompt);

                // Every generated spelling is one the normaliser reads as the marking's words.
                assertThat(bundle.sensitivity().rules()).as(why).contains("marking bright_water");
                assertThat(bundle.domains()).as(why).contains(SETTLEMENT);
                assertThat(bundle.decision()).as(why).isEqualTo(role.getValue())
                        .isEqualTo(EVALUATOR.evaluate(role.getKey(), List.of(SETTLEMENT)).decision());
                assertThat(DomainDetector.create(LAW_FIRM).detect(prompt).domains()).as(why).contains(SETTLEMENT);
                carried++;
            }
        }
        assertThat(carried).isEqualTo(6_000);
    }

    /** A question naming Bright Water in one of the spellings a reader (and the normaliser) takes for it. */
    private static String prompt(Random random) {
        String[] before = {"What did ", "what did ", "Re: ", "", "Q3 memo — did ", "(", "\u201C"};
        String[] after = {" settle for?", "\u2019s settlement figure?", " settle for", ")", "\u201D settled.", ""};
        String[] between = {" ", "-", "\u2010", "\u2011", "\u2013", "\u2014", "\u2019", "'", "_", ".", "/", "\u00A0",
            "\u3000", "\u200B", "\u00AD", "\u2060", "\u3164", "", " - ", "\uFF0D", "\u00B7", "  "};
        String text = before[random.nextInt(before.length)] + spell("Bright", random)
                + between[random.nextInt(between.length)] + spell("Water", random)
                + after[random.nextInt(after.length)];
        Normalizer.Form[] forms = Normalizer.Form.values();
        return random.nextInt(3) == 0 ? Normalizer.normalize(text, forms[random.nextInt(forms.length)]) : text;
    }

    /** {@code word} with each letter in either case, some full-width, some with an accent or an invisible character. */
    private static String spell(String word, Random random) {
        String[] invisible = {"\u200B", "\u200C", "\u200D", "\u2060", "\u00AD", "\uFEFF", "\u180E"};
        String[] accents = {"\u0301", "\u0308", "\u0300", "\u0327"};
        StringBuilder out = new StringBuilder();
        for (char c : word.toCharArray()) {
            char letter = random.nextBoolean() ? Character.toUpperCase(c) : Character.toLowerCase(c);
            out.append(random.nextInt(5) == 0 ? (char) (letter - 'A' + '\uFF21') : letter);
            if (random.nextInt(6) == 0) {
                out.append(accents[random.nextInt(accents.length)]);
            }
            if (random.nextInt(6) == 0) {
                out.append(invisible[random.nextInt(invisible.length)]);
            }
        }
        return out.toString();
    }

    private static String escaped(String text) {
        List<String> parts = new ArrayList<>();
        text.codePoints().forEach(cp -> parts.add(cp < 0x80 && cp >= 0x20 ? Character.toString(cp)
                : String.format("\\u%04X", cp)));
        return String.join("", parts);
    }
}
