package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.policy.FilteredPart;
import dev.keel.policy.PartialFixtures;
import dev.keel.policy.PartialKinds;
import dev.keel.policy.PolicyDecision;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PolicyEvaluator;
import dev.keel.policy.QualitativeRestriction;
import dev.keel.policy.Redaction;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Under PARTIAL the filter withholds the kinds it is given (the policy's, per role and per domain; the defaults when
 * unsaid), each kind alone, whatever its form.
 */
class PartialKindsTest {

    private static final String TEXT = "Bed L-12 and bed B52 were free on 3 May; 40% of beds, $1,200 a night,"
            + " twelve nurses.";

    private final PolicyDocument policy = PolicyDocument.parse(PartialFixtures.WARD_POLICY);
    private final OutboundFilter filter = OutboundFilter.create(policy);

    @Test
    void theDefaultsAreTodaysPartial() {
        assertThat(filter.apply(Decision.PARTIAL, PartialKinds.defaults(), TEXT))
                .isEqualTo(filter.apply(Decision.PARTIAL, TEXT));
        assertThat(filter.apply(Decision.PARTIAL, TEXT).text()).isEqualTo("Bed L-[figure withheld] and bed"
                + " [figure withheld] were free on [date withheld]; [percentage withheld] of beds, [amount withheld] a"
                + " night, [figure withheld] nurses.");
        assertThat(PartialKinds.defaults().withheld()).containsExactly("amounts", "dates", "figures", "identifiers",
                "percentages");
    }

    @Test
    void keepingIdentifiersShowsBedsAndWithholdsTheRest() {
        FilteredText filtered = filter.apply(Decision.PARTIAL, policy.partialKinds("nurse", List.of("beds")), TEXT);

        assertThat(filtered.text()).isEqualTo("Bed L-12 and bed B52 were free on [date withheld]; [percentage"
                + " withheld] of beds, [amount withheld] a night, [figure withheld] nurses.");
    }

    @Test
    void eachKindIsWithheldAlone() {
        assertThat(filter.apply(Decision.PARTIAL, PartialKinds.of("amounts"), TEXT).text()).isEqualTo("Bed L-12 and"
                + " bed B52 were free on 3 May; 40% of beds, [amount withheld] a night, twelve nurses.");
        assertThat(filter.apply(Decision.PARTIAL, PartialKinds.of("percentages", "dates"), TEXT).text())
                .isEqualTo("Bed L-12 and bed B52 were free on [date withheld]; [percentage withheld] of beds, $1,200 a"
                        + " night, twelve nurses.");
        assertThat(filter.apply(Decision.PARTIAL, PartialKinds.of("figures"), TEXT).text()).isEqualTo("Bed L-12 and"
                + " bed B52 were free on 3 May; 40% of beds, $1,200 a night, [figure withheld] nurses.");
        assertThat(filter.apply(Decision.PARTIAL, PartialKinds.of("identifiers"), "Bed L-12, Q3, week 4, 12.")
                .text()).isEqualTo("Bed L-[figure withheld], Q3, week 4, 12.");
    }

    @Test
    void keptKindsAreShownWhateverTheirForm() {
        // The digits of a character reference in a kept identifier are the identifier's; a date's are withheld.
        FilteredText filtered = filter.apply(Decision.PARTIAL, PartialKinds.of("dates"),
                "Bed L-&#49;2 from 3 M&#97;y");

        assertThat(filtered.text()).isEqualTo("Bed L-&#49;2 from [date withheld]");
    }

    @Test
    void theDecisionsKindsAreWhatTheFilterWithholds() {
        PolicyDecision nurse = PolicyEvaluator.create(policy).evaluate(Principal.of("nurse", "internal"),
                List.of("beds"));

        assertThat(filter.apply(nurse.decision(), nurse.partialKinds(), TEXT).text()).startsWith("Bed L-12 and bed B52");
    }

    @Test
    void keepingAKindNeverShowsWhatAllowWouldNot() {
        OutboundFilter restricted = OutboundFilter.create(List.of(new QualitativeRestriction("no_beds", "",
                List.of("\\bL-\\d+"), "[bed withheld]")));
        String text = "Bed L-12 and bed B52.";

        assertThat(restricted.apply(Decision.ALLOW, text).text()).isEqualTo("Bed [bed withheld] and bed B52.");
        assertThat(restricted.apply(Decision.PARTIAL, PartialKinds.of(), text).text())
                .isEqualTo("Bed [bed withheld] and bed B52.");
    }

    @Test
    void credentialsAreWithheldWhenNamed() {
        String text = "use sk-ant-abcdefghijklmnopqrstuvwx now";

        assertThat(filter.apply(Decision.PARTIAL, text).text()).isEqualTo(text);
        FilteredText withheld = filter.apply(Decision.PARTIAL, policy.partialKinds("clerk", List.of("billing")), text);
        assertThat(withheld.text()).isEqualTo("use [credential withheld] now");
        assertThat(withheld.redactions()).extracting(Redaction::kind).containsExactly("credentials");
    }

    @Test
    void partsAreFilteredWithTheKinds() {
        FilteredPart part = filter.apply(Decision.PARTIAL, PartialKinds.of("dates"), Part.markdown("**Bed L-12** on 3 May"));

        assertThat(((Part.Markdown) part.kept().orElseThrow()).source()).isEqualTo("**Bed L-12** on [date withheld]");
    }

    @Test
    void aKindWithoutARecogniserIsRefused() {
        assertThatThrownBy(() -> filter.apply(Decision.PARTIAL, PartialKinds.of("iban"), TEXT))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("iban")
                .hasMessageContaining("no recogniser");
    }

}
