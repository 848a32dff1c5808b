package dev.keel.core.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.InvalidInputException;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonPointersTest {

    @Test
    void escapesTildeBeforeSlash() {
        assertThat(JsonPointers.escape("plain")).isEqualTo("plain");
        assertThat(JsonPointers.escape("a/b")).isEqualTo("a~1b");
        assertThat(JsonPointers.escape("m~n")).isEqualTo("m~0n");
        assertThat(JsonPointers.escape("~1")).isEqualTo("~01");
        assertThat(JsonPointers.escape("/~")).isEqualTo("~1~0");
    }

    @Test
    void unescapesSlashBeforeTilde() {
        assertThat(JsonPointers.unescape("~01")).isEqualTo("~1");
        assertThat(JsonPointers.unescape("a~1b~0")).isEqualTo("a/b~");
        assertThatThrownBy(() -> JsonPointers.unescape("a~2")).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> JsonPointers.unescape("a~")).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> JsonPointers.unescape("a/b")).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void buildsAndParsesPointersAsRfc6901Does() {
        String pointer = JsonPointers.child(JsonPointers.child(JsonPointers.child(JsonPointers.ROOT, "roles"), "a/b"), 3);

        assertThat(pointer).isEqualTo("/roles/a~1b/3");
        assertThat(JsonPointers.parse(pointer)).containsExactly("roles", "a/b", "3");
        assertThat(JsonPointers.parse("")).isEmpty();
        assertThat(JsonPointers.parse("/")).containsExactly("");
        assertThat(JsonPointers.parse("//x/")).containsExactly("", "x", "");
        assertThat(JsonPointers.of(List.of("m~n", "", "0"))).isEqualTo("/m~0n//0");
        assertThat(JsonPointers.display("")).isEqualTo("/");
        assertThat(JsonPointers.display("/a")).isEqualTo("/a");
        assertThatThrownBy(() -> JsonPointers.parse("roles")).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> JsonPointers.child("", -1)).isInstanceOf(InvalidInputException.class);
    }

    /**
     * Any text, and text made of the escape's own characters: among any characters a slash or a tilde is one in
     * thirty thousand.
     */
    private static final Gen<String> TOKENS = Gen.oneOf(Gen.strings().all(), Gen.strings().withChars("~/01a"));

    @Test
    void escapingRoundTrips() {
        Property.forAll(TOKENS).tries(2000).check(token -> {
            assertThat(JsonPointers.unescape(JsonPointers.escape(token))).isEqualTo(token);
            assertThat(JsonPointers.escape(token)).doesNotContain("/");
        });
    }

    @Test
    void pointersRoundTrip() {
        Property.forAll(TOKENS.list()).tries(1000)
                .check(tokens -> assertThat(JsonPointers.parse(JsonPointers.of(tokens))).isEqualTo(tokens));
    }
}
