package dev.keel.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A leading think block is removed from a stream whatever the chunks it arrives in, as from a whole reply. */
class LeadingThinkingTest {

    private static final List<String> REPLIES = List.of(
            "<think>weigh beds 4 and 10</think>\n\nBeds 4 and 10 are free.",
            "  <think>\nplan</think>Beds are free.",
            "<think>never closed, so it stays",
            "Beds are free.",
            "  Beds are free, <think> is only text here.",
            "<thin",
            "<think></think>",
            " ");

    @Test
    void everySplitOfAReplyStreamsWhatTheWholeReplyReadsAs() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        for (String reply : REPLIES) {
            String whole = LeadingThinking.removedFrom(reply);
            for (int round = 0; round < 200; round++) {
                LeadingThinking thinking = new LeadingThinking();
                StringBuilder streamed = new StringBuilder();
                int at = 0;
                while (at < reply.length()) {
                    int next = Math.min(reply.length(), at + 1 + random.nextInt(6));
                    streamed.append(thinking.accept(reply.substring(at, next)));
                    at = next;
                }
                streamed.append(thinking.end());

                assertThat(streamed.toString()).as("seed %d, reply \"%s\"", seed, reply).isEqualTo(whole);
            }
        }
    }

    @Test
    void nothingIsHeldBackOnceTheReplyIsPlainlyNoThinking() {
        LeadingThinking thinking = new LeadingThinking();

        assertThat(thinking.accept(" Be")).isEqualTo(" Be");
        assertThat(thinking.accept("ds")).isEqualTo("ds");
        assertThat(thinking.end()).isEmpty();
    }
}
