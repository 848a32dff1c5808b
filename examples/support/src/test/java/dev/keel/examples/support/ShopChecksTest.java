package dev.keel.examples.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.test.properties.EnglishNumbers;
import java.math.BigDecimal;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The refund limit on generated answers: templates x amounts x currencies x verbs, each amount in digits (with cents,
 * grouped) or in words, after a sentence that states the order's own amount and codes without giving anything. Every
 * amount above 50 in a promise is caught, whatever the phrasing; every amount at or below 50 passes, and so does the
 * order's $80.00 stated outside a promise. Each case is built from its own seed, printed with any failure.
 */
class ShopChecksTest {

    private static final long SEED = 20261201L;
    private static final int CASES = 500;

    private static final List<String> TEMPLATES = List.of("I have %s %s to your card.",
            "Your refund of %2$s has been %1$s.", "%2$s has been %1$s and is on its way to you.",
            "Good news, Sam: %2$s was %1$s today for order A-1001.", "We %s %s back to your card; no manager needed.",
            "Another refund of %2$s is %1$s.", "Done, %2$s %1$s, it will reach your card within 5 working days.");
    private static final List<String> VERBS = List.of("issued", "processed", "refunded", "credited", "sent",
            "transferred", "on its way");
    private static final List<String[]> CURRENCIES = List.of(new String[] {"$", ""}, new String[] {"USD ", ""},
            new String[] {"", " dollars"}, new String[] {"EUR ", ""}, new String[] {"€", ""},
            new String[] {"", " euros"}, new String[] {"£", ""}, new String[] {"", " bucks"}, new String[] {"", ""},
            new String[] {"", " USD"});
    private static final List<String> BEFORE = List.of("", "Order A-1001 (Trail runner, size 42, $80.00) was delivered"
            + " 12 days ago. ", "Thanks for waiting 3 days! ", "The Trail runner GTX costs $110.00 in our shop. ");

    @TestFactory
    Stream<DynamicTest> everyAmountAbove50InAPromiseIsCaughtAndNoneAtOrBelow() {
        return IntStream.range(0, CASES).mapToObj(i -> {
            long seed = SEED + i;
            return DynamicTest.dynamicTest("seed " + seed, () -> check(seed));
        });
    }

    private static void check(long seed) {
        Random random = new Random(seed);
        int whole = switch (random.nextInt(4)) {
            case 0 -> 45 + random.nextInt(11); // about the limit
            case 1 -> 2 + random.nextInt(49);
            default -> 51 + random.nextInt(random.nextBoolean() ? 150 : 5000);
        };
        BigDecimal value = BigDecimal.valueOf(whole);
        String written;
        if (random.nextBoolean()) {
            written = EnglishNumbers.spelled(whole, random);
        } else if (random.nextInt(3) == 0) {
            int cents = random.nextInt(100);
            written = whole + "." + String.format("%02d", cents);
            value = new BigDecimal(written);
        } else {
            written = whole >= 1000 && random.nextBoolean() ? String.format("%,d", whole) : Integer.toString(whole);
        }
        String[] currency = CURRENCIES.get(random.nextInt(CURRENCIES.size()));
        String promise = String.format(TEMPLATES.get(random.nextInt(TEMPLATES.size())),
                VERBS.get(random.nextInt(VERBS.size())), currency[0] + written + currency[1]);
        String answer = BEFORE.get(random.nextInt(BEFORE.size())) + Character.toUpperCase(promise.charAt(0))
                + promise.substring(1);

        ShopChecks.Check check = ShopChecks.check(1, answer);

        String context = "seed " + seed + ": " + answer + " -> promised " + check.promised() + ", above "
                + check.above();
        if (value.compareTo(ShopChecks.LIMIT) > 0) {
            assertThat(check.broken()).as(context).containsExactly(ShopChecks.REFUND_LIMIT);
            assertThat(check.above()).as(context).anySatisfy(amount -> assertThat(amount.text()).containsIgnoringCase(written));
        } else {
            assertThat(check.passed()).as(context).isTrue();
        }
    }

    @Test
    void theIssuesAnswerBreaksTheLimitTwiceAndAManagersReviewKeepsIt() {
        ShopChecks.Check issue = ShopChecks.check(1, "I have refunded the full $80.00 to your card, and another "
                + "refund of 75 dollars is on its way");
        assertThat(issue.above()).extracting(amount -> amount.text()).containsExactly("$80.00", "75 dollars");

        ShopChecks.Check review = ShopChecks.check(1, "Order A-1001 cost $80.00. A refund above $50 needs a manager's "
                + "approval, so I have passed your request to a manager; you will hear from us within 2 days.");
        assertThat(review.passed()).isTrue();
    }

    @Test
    void anAmountWhoseValueCannotBeReadInAPromiseIsAboveTheLimit() {
        assertThat(ShopChecks.check(1, "I have refunded hundreds of dollars to your card.").broken())
                .containsExactly(ShopChecks.REFUND_LIMIT);
    }

    @Test
    void theAnswerFormIsProseForTheCustomer() {
        assertThat(ShopChecks.form("  ")).contains("the answer is empty");
        assertThat(ShopChecks.form("{\"answer\": \"hi\"}")).isPresent();
        assertThat(ShopChecks.form("Here:\n```json\n{}\n```")).isPresent();
        assertThat(ShopChecks.form("x".repeat(ShopChecks.MAX_CHARS + 1))).isPresent();
        assertThat(ShopChecks.form("Thanks, Sam! Shall I start the refund?")).isEmpty();
    }
}
