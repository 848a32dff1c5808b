package dev.keel.test.properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PropertyTest {

    @Test
    void checksTheNumberOfTriesAsked() {
        AtomicInteger runs = new AtomicInteger();
        Property.forAll(Gen.integers(0, 10)).tries(137).check(value -> runs.incrementAndGet());
        assertThat(runs).hasValue(137);
    }

    @Test
    void theSameSeedDrawsTheSameCases() {
        List<String> first = new ArrayList<>();
        List<String> second = new ArrayList<>();
        Gen<String> strings = Gen.strings().alpha().ofMaxLength(20);
        Property.forAll(strings).seed(42).tries(50).check(first::add);
        Property.forAll(strings).seed(42).tries(50).check(second::add);
        assertThat(first).isEqualTo(second).hasSize(50);
        assertThat(new HashSet<>(first)).hasSizeGreaterThan(30);
    }

    @Test
    void aFailureNamesItsSeedAndReproducesFromIt() {
        AssertionError failure = catchFailure(() -> Property.forAll(Gen.integers(0, 1_000_000)).seed(7)
                .check(value -> assertThat(value).isLessThan(900_000)));
        assertThat(failure).hasMessageContaining("seed 7").hasMessageContaining("-Dkeel.properties.seed=7");
        AssertionError again = catchFailure(() -> Property.forAll(Gen.integers(0, 1_000_000)).seed(7)
                .check(value -> assertThat(value).isLessThan(900_000)));
        assertThat(again).hasMessage(failure.getMessage());
    }

    @Test
    void numbersShrinkToTheBoundary() {
        AssertionError failure = catchFailure(() -> Property.forAll(Gen.integers(-1_000_000, 1_000_000)).seed(1)
                .check(value -> assertThat(value).isLessThan(1_234)));
        assertThat(smallest(failure)).isEqualTo("1234");
        AssertionError big = catchFailure(() -> Property.forAll(
                        Gen.bigIntegers(BigInteger.TEN.pow(40).negate(), BigInteger.TEN.pow(40))).seed(3)
                .check(value -> assertThat(value.abs()).isLessThan(BigInteger.valueOf(1_000_000_007))));
        assertThat(smallest(big)).isIn("1000000007", "-1000000007");
    }

    @Test
    void listsShrinkToTheElementsThatMatter() {
        AssertionError failure = catchFailure(() -> Property.forAll(Gen.integers(0, 100).list().ofMaxSize(50))
                .seed(11).check(list -> assertThat(list.stream().mapToInt(Integer::intValue).sum())
                        .isLessThan(150)));
        // Locally smallest: as few elements as the sum needs, and they add up to the boundary exactly.
        List<Integer> smallest = java.util.Arrays.stream(smallest(failure).replaceAll("[\\[\\] ]", "").split(","))
                .map(Integer::valueOf).toList();
        assertThat(smallest).hasSizeBetween(2, 3);
        assertThat(smallest.stream().mapToInt(Integer::intValue).sum()).isEqualTo(150);
    }

    @Test
    void stringsShrinkToTheCharacterThatMatters() {
        AssertionError failure = catchFailure(() -> Property.forAll(Gen.strings().withChars("abcxyz").ofMaxLength(40))
                .seed(5).check(text -> assertThat(text).doesNotContain("x")));
        assertThat(smallest(failure)).isEqualTo("\"x\"");
    }

    @Test
    void severalGeneratorsShrinkTogether() {
        AssertionError failure = catchFailure(() -> Property.forAll(Gen.integers(0, 100), Gen.integers(0, 100))
                .seed(9).check((a, b) -> assertThat(a + b).isLessThan(100)));
        String smallest = failure.getMessage().substring(0, failure.getMessage().indexOf("Original"));
        int a = Integer.parseInt(smallest.replaceAll("(?s).*#0: (\\d+).*", "$1"));
        int b = Integer.parseInt(smallest.replaceAll("(?s).*#1: (\\d+).*", "$1"));
        assertThat(a + b).isEqualTo(100);
    }

    @Test
    void assumptionsDiscardWithoutCounting() {
        AtomicInteger passed = new AtomicInteger();
        Property.forAll(Gen.integers(0, 9)).tries(100).seed(2).check(value -> {
            Property.assume(value % 2 == 0);
            assertThat(value % 2).isZero();
            passed.incrementAndGet();
        });
        assertThat(passed).hasValue(100);
        assertThatThrownBy(() -> Property.forAll(Gen.integers(0, 9)).tries(10).check(value -> Property.assume(false)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("reject too much");
    }

    @Test
    void numbersStayInTheirRanges() {
        Property.forAll(Gen.integers(-5, 3), Gen.longs(Long.MIN_VALUE, Long.MAX_VALUE), Gen.longs(-20, -10),
                Gen.bigDecimals(new BigDecimal("-1.5"), new BigDecimal("2.25"), 2)).tries(5_000).check((i, l, n, d) -> {
            assertThat(i).isBetween(-5, 3);
            assertThat(n).isBetween(-20L, -10L);
            assertThat(d).isBetween(new BigDecimal("-1.50"), new BigDecimal("2.25"));
            assertThat(d.scale()).isEqualTo(2);
        });
        Property.forAll(Gen.doubles(-1, 1)).tries(2_000).check(value -> assertThat(value).isBetween(-1.0, 1.0));
    }

    @Test
    void edgesOfARangeAreDrawn() {
        List<Integer> drawn = new ArrayList<>();
        Property.forAll(Gen.integers(-1_000_000, 1_000_000)).seed(4).tries(1_000).check(drawn::add);
        assertThat(drawn).contains(-1_000_000, 1_000_000, 0);
    }

    @Test
    void listsAndStringsKeepTheirBounds() {
        Property.forAll(Gen.strings().withCharRange('a', 'c').excludeChars('b').ofMinLength(3).ofMaxLength(7),
                Gen.integers(0, 1000).list().ofMinSize(2).ofMaxSize(4).uniqueElements()).check((text, list) -> {
            assertThat(text).hasSizeBetween(3, 7).matches("[ac]*");
            assertThat(list).hasSizeBetween(2, 4).doesNotHaveDuplicates();
        });
        Property.forAll(Gen.byteArrays(1, 3)).check(bytes -> assertThat(bytes).hasSizeBetween(1, 3));
    }

    @Test
    void lengthLimitsAreReachedNowAndThen() {
        AtomicInteger longOnes = new AtomicInteger();
        Property.forAll(Gen.strings().alpha().ofMaxLength(255)).seed(12).check(text -> {
            if (text.length() > 100) {
                longOnes.incrementAndGet();
            }
        });
        assertThat(longOnes.get()).isGreaterThan(20);
    }

    @Test
    void choicesAreWeighted() {
        AtomicInteger rare = new AtomicInteger();
        Property.forAll(Gen.frequency(Weighted.of(9, Gen.just("common")), Weighted.of(1, Gen.just("rare"))))
                .seed(6).tries(2_000).check(value -> {
                    if (value.equals("rare")) {
                        rare.incrementAndGet();
                    }
                });
        assertThat(rare.get()).isBetween(100, 320);
    }

    @Test
    void exceptionsFailLikeAssertions() {
        AssertionError failure = catchFailure(() -> Property.forAll(Gen.strings().alpha().ofMaxLength(10)).seed(8)
                .check(text -> {
                    if (text.length() > 3) {
                        throw new IllegalStateException("too long: " + text);
                    }
                }));
        assertThat(failure.getCause()).isInstanceOf(IllegalStateException.class);
        assertThat(smallest(failure)).isEqualTo("\"aaaa\"");
    }

    private static AssertionError catchFailure(Runnable property) {
        try {
            property.run();
        } catch (AssertionError failure) {
            return failure;
        }
        throw new AssertionError("the property did not fail");
    }

    /** The first value of the smallest failing case in the message. */
    private static String smallest(AssertionError failure) {
        String message = failure.getMessage();
        int start = message.indexOf("#0: ") + 4;
        return message.substring(start, message.indexOf('\n', start));
    }
}
