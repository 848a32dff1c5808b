package dev.keel.reading;

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
 * {@link Amounts} on generated sentences: templates x values x currencies x verbs, each value written in digits
 * (grouped, with cents) or in words (hyphenated, spaced, run together, with "and"), sometimes disguised as the filter
 * reads through (full-width digits, a character reference, a soft hyphen). Every amount is found where it is written,
 * with its value and currency. Each case is built from its own seed, printed with any failure.
 */
class AmountsTest {

    private static final long SEED = 20261127L;
    private static final int CASES = 400;

    private record Currency(String code, String before, String after) {
    }

    private static final List<Currency> CURRENCIES = List.of(new Currency("USD", "$", ""),
            new Currency("USD", "$ ", ""), new Currency("USD", "", "$"), new Currency("USD", "", " dollars"),
            new Currency("USD", "USD ", ""), new Currency("USD", "", " USD"), new Currency("EUR", "EUR ", ""),
            new Currency("EUR", "€", ""), new Currency("EUR", "", " euros"), new Currency("GBP", "£", ""),
            new Currency("GBP", "", " pounds"), new Currency("CHF", "CHF ", ""), new Currency("USD", "", " bucks"));
    private static final List<String> TEMPLATES = List.of("I have %s %s to your card.",
            "Good news: we %s %s to your account today.", "The amount of %2$s was %1$s this morning, Sam.",
            "Another refund, %2$s, has been %1$s and is on its way.", "Your money (%2$s) is %1$s.");
    private static final List<String> VERBS = List.of("issued", "processed", "refunded", "credited", "sent back",
            "transferred");

    @TestFactory
    Stream<DynamicTest> everyAmountIsFoundWithItsValueAndCurrency() {
        return IntStream.range(0, CASES).mapToObj(i -> {
            long seed = SEED + i;
            return DynamicTest.dynamicTest("seed " + seed, () -> check(seed));
        });
    }

    private static void check(long seed) {
        Random random = new Random(seed);
        long whole = random.nextInt(4) == 0 ? random.nextInt(100_000) : random.nextInt(200);
        // "one" alone is no figure to the filter ("one of them"): written in words, it is never found.
        boolean words = whole != 1 && random.nextBoolean();
        BigDecimal value = BigDecimal.valueOf(whole);
        String written;
        if (words) {
            written = EnglishNumbers.spelled(whole, random);
        } else {
            int cents = random.nextInt(3) == 0 ? random.nextInt(100) : -1;
            String digits = random.nextBoolean() && whole >= 1000 ? String.format("%,d", whole) : Long.toString(whole);
            written = cents < 0 ? digits : digits + "." + String.format("%02d", cents);
            value = cents < 0 ? value : new BigDecimal(whole + "." + String.format("%02d", cents));
            written = disguised(written, random);
        }
        Currency currency = CURRENCIES.get(random.nextInt(CURRENCIES.size()));
        String amount = currency.before() + written + currency.after();
        String sentence = String.format(TEMPLATES.get(random.nextInt(TEMPLATES.size())),
                VERBS.get(random.nextInt(VERBS.size())), amount);

        List<Amounts.Amount> found = Amounts.in(sentence);

        String context = "seed " + seed + ": " + sentence + " -> " + found;
        assertThat(found).as(context).hasSize(1);
        Amounts.Amount only = found.get(0);
        assertThat(only.value()).as(context).isNotNull();
        assertThat(only.value()).as(context).isEqualByComparingTo(value);
        assertThat(only.currency()).as(context).isEqualTo(currency.code());
        assertThat(sentence.substring(only.start(), only.end())).as(context).isEqualTo(only.text())
                .contains(written);
        assertThat(only.above(value)).as(context).isFalse();
        assertThat(only.above(value.subtract(new BigDecimal("0.01")))).as(context).isTrue();
    }

    /** Digits as a reader still reads them: full-width, one written as a character reference, or plain. */
    private static String disguised(String digits, Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> digits.chars().mapToObj(c -> Character.isDigit(c) ? String.valueOf((char) (c - '0' + '０'))
                    : String.valueOf((char) c)).reduce("", String::concat);
            case 1 -> "&#" + (int) digits.charAt(0) + ";" + digits.substring(1);
            default -> digits;
        };
    }

    @Test
    void aValueThatCannotBeReadIsAboveAnyLimit() {
        for (String text : List.of("half a dollar back", "hundreds of dollars back", "50½ dollars back",
                "ninetyish dollars back")) {
            List<Amounts.Amount> found = Amounts.in(text);
            assertThat(found).as(text).isNotEmpty();
            assertThat(found).as(text).anySatisfy(amount -> {
                assertThat(amount.value()).isNull();
                assertThat(amount.above(new BigDecimal("1000000"))).isTrue();
            });
        }
    }

    @Test
    void aRangeIsItsHighestEndAndTheCodeOfAnOrderIsANumberWithoutCurrency() {
        assertThat(Amounts.in("between 40 and 80 dollars")).singleElement()
                .satisfies(amount -> assertThat(amount.value()).isEqualByComparingTo("80"));
        assertThat(Amounts.in("$20-$60")).singleElement()
                .satisfies(amount -> assertThat(amount.value()).isEqualByComparingTo("60"));
        assertThat(Amounts.in("order A-1001")).singleElement().satisfies(amount -> {
            assertThat(amount.money()).isFalse();
            assertThat(amount.value()).isEqualByComparingTo("1001");
        });
        assertThat(Amounts.in("a refund of 75 on its way")).singleElement()
                .satisfies(amount -> assertThat(amount.currency()).isNull());
    }

    @Test
    void aTextTooLongToReadIsOneAmountWithoutValue() {
        String text = "refund ".repeat(OutboundFilter.DEFAULT_MAX_INPUT_CHARS / 7 + 1);
        assertThat(Amounts.in(text)).singleElement().satisfies(amount -> {
            assertThat(amount.value()).isNull();
            assertThat(amount.above(BigDecimal.ZERO)).isTrue();
        });
    }

    @Test
    void noFigureNoAmount() {
        assertThat(Amounts.in("Thank you for your patience, a colleague will get back to you.")).isEmpty();
    }
}
