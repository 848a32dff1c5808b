package dev.keel.core.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.WireFormatException;
import java.math.BigDecimal;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class JsonCodecProperties {

    private final JsonCodec codec = JsonCodec.strict();

    @Property(tries = 2000)
    void parsingAnyTextEitherSucceedsOrFailsWithAWireFormatError(@ForAll String text) {
        try {
            codec.parse(text);
        } catch (WireFormatException e) {
            assertThat(e.code()).startsWith("json_");
            assertThat(e.getMessage()).isNotBlank();
        }
    }

    @Property(tries = 1000)
    void parsingJsonLikeNoiseNeverThrowsAnythingElse(@ForAll("jsonLikeNoise") String text) {
        try {
            codec.parse(text);
        } catch (WireFormatException e) {
            assertThat(e.code()).startsWith("json_");
        }
    }

    @Property(tries = 500)
    void writeThenParseGivesTheSameTree(@ForAll("trees") Object tree) {
        String text = codec.write(tree);

        assertThat(codec.parse(text)).isEqualTo(tree);
        assertThat(codec.write(codec.parse(text))).isEqualTo(text);
    }

    @Property(tries = 200)
    void prettyAndCompactTextParseToTheSameTree(@ForAll("trees") Object tree) {
        assertThat(codec.parse(codec.writePretty(tree))).isEqualTo(codec.parse(codec.write(tree)));
    }

    @Provide
    Arbitrary<String> jsonLikeNoise() {
        return Arbitraries.of("{", "}", "[", "]", ",", ":", "\"a\"", "\"", "1", "-", "0.5e", "true", "nul", " ", "\\", "\"\\u12\"")
                .list().ofMaxSize(30).map(parts -> String.join("", parts));
    }

    @Provide
    Arbitrary<Object> trees() {
        return JsonTrees.trees(4, Arbitraries.strings().ofMaxLength(12),
                Arbitraries.bigDecimals().ofScale(3).between(new BigDecimal("-1e6"), new BigDecimal("1e6")),
                Arbitraries.strings().alpha().ofMaxLength(6), false);
    }
}
