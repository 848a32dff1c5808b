package dev.keel.examples.marp.reasoning;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which figures a commentary states that its evidence does not. */
class EvidenceNumbersTest {

    @Test
    void listNumberingAndRestatedFiguresAreNotFlagged() {
        String prompt = ExplanationPrompt.rendered(ExplanationPrompt.request(Briefs.marp().build(),
                java.util.List.of(dev.keel.core.spi.ChatMessage.user(Briefs.QUESTION))));

        assertThat(EvidenceNumbers.notIn("1. Calendar A: weeks 2 and 9.\n2. Calendar B: weeks 4-5, budget 1.2 M.\n3) Q3"
                + " overall.", prompt)).isEmpty();
    }

    @Test
    void numbersCompareByValue() {
        assertThat(EvidenceNumbers.notIn("0.80 and 1,200 and 7", "0.8 and 1200")).containsExactly("7");
        assertThat(EvidenceNumbers.notIn("7 then 7.0 again", "nothing")).containsExactly("7");
        assertThat(EvidenceNumbers.notIn("Q3 and A1 but 3", "Q3")).containsExactly("3");
    }

    @Test
    void aHugeNumberInAReplyIsComparedWithoutExpandingIt() {
        String huge = "9".repeat(200_000);

        assertThat(EvidenceNumbers.notIn("the answer is " + huge, "nothing")).singleElement()
                .satisfies(figure -> assertThat(figure).hasSize(200_000));
    }
}
