package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.text.NormalizedText;
import dev.keel.policy.HostRecognisers;
import dev.keel.policy.PartialKinds;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.QualitativeRestriction;
import dev.keel.policy.Recogniser;
import dev.keel.policy.Redaction;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A host's kinds: recognisers added to a filter or a policy, withheld when the policy's kinds name them. */
class RecogniserTest {

    private static final PartialKinds IBAN = PartialKinds.of("iban");
    private final OutboundFilter filter = OutboundFilter.builder().recogniser(new HostRecognisers.Iban())
            .recogniser(new HostRecognisers.RecordNumber()).build();

    @Test
    void anIbanWhoseChecksumHoldsIsWithheld() {
        FilteredText filtered = filter.apply(Decision.PARTIAL, IBAN, "Pay to DE89370400440532013000 or"
                + " GB82 WEST 1234 5698 7654 32, not 12 times.");

        assertThat(filtered.text()).isEqualTo("Pay to [iban withheld] or [iban withheld], not 12 times.");
        assertThat(filtered.redactions()).extracting(Redaction::kind).containsExactly("iban", "iban");
    }

    @Test
    void aWrongChecksumIsNoIban() {
        String text = "Pay to DE88370400440532013000.";

        assertThat(HostRecognisers.Iban.checksumHolds("DE89370400440532013000")).isTrue();
        assertThat(HostRecognisers.Iban.checksumHolds("DE88370400440532013000")).isFalse();
        assertThat(filter.apply(Decision.PARTIAL, IBAN, text).text()).isEqualTo(text);
        // Under the defaults it is still an identifier, withheld as such.
        assertThat(filter.apply(Decision.PARTIAL, IBAN.union(PartialKinds.defaults()), text).redactions())
                .extracting(Redaction::kind).containsExactly(Redaction.NUMBER);
    }

    @Test
    void aHostKindGoesWithTheDefaultsAndTheRestrictions() {
        OutboundFilter restricted = OutboundFilter.builder().recogniser(new HostRecognisers.RecordNumber())
                .restrictions(List.of(new QualitativeRestriction("no_names", "", List.of("Mrs\\.? [A-Z]\\w+"),
                        "[name withheld]"))).build();
        PartialKinds kinds = PartialKinds.defaults().with(List.of("record_number"), List.of("identifiers"));

        FilteredText filtered = restricted.apply(Decision.PARTIAL, kinds, "Mrs Ash, MRN 4037721, bed L-03, NEWS 5.");

        assertThat(filtered.text()).isEqualTo("[name withheld], [record number withheld], bed L-03, NEWS"
                + " [figure withheld].");
        assertThat(restricted.apply(Decision.ALLOW, kinds, "MRN 4037721").text()).isEqualTo("MRN 4037721");
    }

    @Test
    void aPolicyCarriesItsRecognisers() {
        PolicyDocument policy = PolicyDocument.parse("""
                {"policy_id": "bank", "version": "1",
                 "roles": {"teller": {"allowed_clearances": ["internal"], "allowed_domains": [],
                                      "default_decision": "PARTIAL", "partial": {"withhold": ["iban"], "keep": ["figures"]}}}}
                """).withRecognisers(List.of(new HostRecognisers.Iban()));

        FilteredText filtered = OutboundFilter.create(policy).apply(Decision.PARTIAL,
                policy.partialKinds("teller", List.of()), "Account DE89370400440532013000 holds 12 items.");

        assertThat(filtered.text()).isEqualTo("Account [iban withheld] holds 12 items.");
    }

    @Test
    void theBuiltInKindsAreRecognisersToo() {
        NormalizedText text = NormalizedText.ofMarkup("Bed L-12 on 3 May at 40%, $5, twelve; sk-ant-abcdefghijklmnopqrstu");
        List<String> found = new ArrayList<>();
        for (Recogniser recogniser : List.of(Recognisers.figures(), Recognisers.identifiers(), Recognisers.dates(),
                Recognisers.percentages(), Recognisers.amounts(), Recognisers.credentials())) {
            recogniser.find(text, (start, end) -> found.add(recogniser.kind() + ":" + text.text().substring(start, end)));
        }

        assertThat(found).containsExactly("figures:twelve", "identifiers:12", "dates:3 May", "percentages:40%",
                "amounts:$5", "credentials:sk-ant-abcdefghijklmnopqrstu");
        assertThat(Recognisers.credentials().longestMatch()).isEqualTo(Recogniser.UNBOUNDED);
    }

    @Test
    void aRecogniserIsChecked() {
        Recogniser figures = new HostRecognisers.Iban() {
            @Override
            public String placeholder() {
                return "[account 7 withheld]";
            }
        };

        assertThatThrownBy(() -> OutboundFilter.builder().recogniser(figures).build())
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("placeholder");
        assertThatThrownBy(() -> OutboundFilter.builder().recogniser(new HostRecognisers.Iban())
                .recogniser(new HostRecognisers.Iban()).build()).isInstanceOf(ConfigurationException.class);
    }

    @Test
    void aStreamHoldsAHostSpanWhole() {
        String text = "Pay to GB82 WEST 1234 5698 7654 32 today and DE89370400440532013000 tomorrow, twice.";
        PartialKinds kinds = IBAN.union(PartialKinds.defaults());
        FilteredText whole = filter.apply(Decision.PARTIAL, kinds, text);
        for (int chunk = 1; chunk <= 7; chunk++) {
            StreamingFilter stream = StreamingFilter.builder(Decision.PARTIAL).recogniser(new HostRecognisers.Iban())
                    .partialKinds(kinds).windowChars(4).open();
            StringBuilder emitted = new StringBuilder();
            for (int i = 0; i < text.length(); i += chunk) {
                String out = stream.accept(text.substring(i, Math.min(text.length(), i + chunk)));
                assertThat(out).as("chunks of %d", chunk).doesNotContain("WEST", "3704");
                emitted.append(out);
            }
            emitted.append(stream.finish());

            assertThat(emitted.toString()).as("chunks of %d", chunk).isEqualTo(whole.text());
            assertThat(stream.redactions()).isEqualTo(whole.redactions());
        }
    }

    @Test
    void aStreamWithheldOfCredentialsIsHeldToTheEnd() {
        StreamingFilter stream = StreamingFilter.builder(Decision.PARTIAL)
                .partialKinds(PartialKinds.defaults().with(List.of("credentials"), List.of())).windowChars(4).open();

        assertThat(stream.accept("a long answer with many words in it, and more words after those ")).isEmpty();
        assertThat(stream.finish()).isEqualTo("a long answer with many words in it, and more words after those ");
    }
}
