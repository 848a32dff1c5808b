package dev.keel.test.core;

import static dev.keel.test.core.CoreAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.json.JsonCodec;
import org.junit.jupiter.api.Test;

class JsonTreeAssertTest {

    private static final JsonCodec CODEC = JsonCodec.strict();

    @Test
    void numbersAreComparedByValue() {
        assertThatJson(CODEC.parse("{\"a\":[0.80,{\"b\":1}]}")).isSameJsonAs(CODEC.parse("{\"a\":[0.8,{\"b\":1.0}]}"));
    }

    @Test
    void aDifferenceIsNamedByItsPointer() {
        assertThatThrownBy(() -> assertThatJson(CODEC.parse("{\"a\":[1,{\"b\":\"x\"}]}"))
                .isSameJsonAs(CODEC.parse("{\"a\":[1,{\"b\":\"y\"}]}")))
                .isInstanceOf(AssertionError.class).hasMessageContaining("value at /a/1/b");
        assertThatThrownBy(() -> assertThatJson(CODEC.parse("{\"a\":1}")).isSameJsonAs(CODEC.parse("{\"a\":1,\"c\":2}")))
                .isInstanceOf(AssertionError.class).hasMessageContaining("keys at /");
        assertThatThrownBy(() -> assertThatJson(CODEC.parse("[1,2]")).isSameJsonAs(CODEC.parse("[1]")))
                .isInstanceOf(AssertionError.class).hasMessageContaining("length at ");
    }
}
