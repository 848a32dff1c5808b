package dev.keel.policy;

import dev.keel.core.json.JsonCodec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * One line of a {@code keel eval} op's conformance cases ({@code conformance/*.jsonl}): its id, its input, and the
 * expected output or the code of the expected error, for the tests that answer the cases through the Java API (of
 * policy and of the modules built on it).
 */
public record ConformanceCase(String id, Map<String, Object> input, Object expected, String expectedError) {

    private static final JsonCodec CODEC = JsonCodec.strict();

    @Override
    public String toString() {
        return id;
    }

    /** Every case of {@code /conformance/<file>}, in order. */
    @SuppressWarnings("unchecked")
    public static List<ConformanceCase> load(String file) {
        List<ConformanceCase> cases = new ArrayList<>();
        try (InputStream in = Objects.requireNonNull(ConformanceCase.class.getResourceAsStream(
                "/conformance/" + file), file);
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            reader.lines().forEach(text -> {
                Map<String, Object> line = CODEC.parseObject(text);
                Map<String, Object> error = (Map<String, Object>) line.get("expected_error");
                cases.add(new ConformanceCase((String) line.get("id"), (Map<String, Object>) line.get("input"),
                        line.get("expected"), error == null ? null : (String) error.get("code")));
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }

    /** The cases of {@code file} about the policy; those about the shape of an eval line are the op's alone. */
    public static Stream<ConformanceCase> ofTheApi(String file) {
        return load(file).stream().filter(c -> !"invalid_input".equals(c.expectedError()));
    }
}
