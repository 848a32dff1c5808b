package dev.keel.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.Decision;
import dev.keel.core.KeelException;
import dev.keel.core.content.Part;
import dev.keel.core.spi.StreamHandle;
import dev.keel.policy.FilteredPart;
import dev.keel.policy.PartialKinds;
import dev.keel.policy.Redaction;
import dev.keel.reading.OutboundFilter;
import org.junit.jupiter.api.Test;

/**
 * The pipeline's side of a streamed draft: what it keeps of the draft while it streams, and the check that the
 * chunks it was handed join into the draft the reasoning step returns.
 */
class StreamedTurnTest {

    private static final String PROSE = "the fleet plan keeps the capability above the threshold ";

    @Test
    void aDraftStreamedFarPastTheFilterLimitIsNotKeptPastIt() {
        // 33.5 million characters, the stream that once filled a 128 MiB heap with two copies of it.
        String chunk = PROSE.repeat(64 * 1024 / PROSE.length());
        int chunks = 33_554_432 / chunk.length() + 1;
        CountingSink sink = new CountingSink();
        StreamedTurn turn = new StreamedTurn(sink, StreamHandle.create(), Fixtures.boundedPolicy());
        turn.open(Decision.PARTIAL, PartialKinds.defaults());
        long read = 0;
        int keptPastTheLimit = -1;
        for (int i = 0; i < chunks; i++) {
            turn.chunk(chunk);
            read += chunk.length();
            if (read > OutboundFilter.DEFAULT_MAX_INPUT_CHARS) {
                if (keptPastTheLimit < 0) {
                    keptPastTheLimit = turn.retained();
                }
                assertThat(turn.retained()).as("kept after %d characters", read).isEqualTo(keptPastTheLimit);
            }
        }
        // What was shown before the limit (the prose as it is), and nothing of the draft past it.
        assertThat(keptPastTheLimit).isEqualTo(sink.received).isLessThanOrEqualTo(OutboundFilter.DEFAULT_MAX_INPUT_CHARS);

        String draft = chunk.repeat(chunks);
        FilteredPart shown = turn.finishDraft(draft, Decision.PARTIAL, OutboundFilter.withoutRestrictions())
                .apply(Decision.PARTIAL, Part.markdown(draft));
        assertThat(shown.kept().orElseThrow().rendered()).endsWith("[text withheld: too long to filter]")
                .hasSize(sink.received);
        Redaction oversized = shown.redactions().get(shown.redactions().size() - 1);
        assertThat(oversized.kind()).isEqualTo(Redaction.OVERSIZED);
        assertThat(oversized.end()).isEqualTo(draft.length());
    }

    @Test
    void aDraftOtherThanItsChunksJoinedIsRefusedEvenOfTheSameLength() {
        StreamedTurn turn = new StreamedTurn(new CountingSink(), StreamHandle.create(), Fixtures.boundedPolicy());
        turn.open(Decision.ALLOW, PartialKinds.defaults());
        turn.chunk("the fleet ");
        turn.chunk("plan keeps");
        assertThat(turn.streamed()).isTrue();
        for (String other : new String[] {"the fleet plan keepS", "the fleet keeps plan", "the fleet plan keep",
            "the fleet plan keeps "}) {
            assertThatThrownBy(() -> turn.finishDraft(other, Decision.ALLOW, OutboundFilter.withoutRestrictions()))
                    .as(other).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void aDraftThatIsItsChunksJoinedIsShownAsStreamed() {
        CountingSink sink = new CountingSink();
        StreamedTurn turn = new StreamedTurn(sink, StreamHandle.create(), Fixtures.boundedPolicy());
        turn.open(Decision.ALLOW, PartialKinds.defaults());
        turn.chunk("the fleet ");
        turn.chunk("");
        turn.chunk("plan keeps");
        FilteredPart shown = turn.finishDraft("the fleet plan keeps", Decision.ALLOW,
                OutboundFilter.withoutRestrictions()).apply(Decision.ALLOW, Part.markdown("the fleet plan keeps"));
        assertThat(shown.kept().orElseThrow().rendered()).isEqualTo("the fleet plan keeps");
        assertThat(sink.received).isEqualTo("the fleet plan keeps".length());
    }

    /** Counts what it receives and keeps none of it: the test measures what the turn keeps. */
    private static final class CountingSink implements AnswerSink {
        private int received;

        @Override
        public void chunk(String text) {
            received += text.length();
        }

        @Override
        public void complete(GovernedAnswer answer) {
        }

        @Override
        public void fail(KeelException failure) {
        }
    }
}
