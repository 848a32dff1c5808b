package dev.keel.examples.marp.evidence;

import com.networknt.schema.InputFormat;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/** Validates JSON text against a schema this module publishes. */
final class SchemaFiles {

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    private SchemaFiles() {
    }

    static List<String> problems(String schemaFile, String json) {
        try (InputStream in = Objects.requireNonNull(SchemaFiles.class.getResourceAsStream("/dev/keel/examples/marp/schema/" + schemaFile))) {
            return REGISTRY.getSchema(in).validate(json, InputFormat.JSON).stream().map(Object::toString).collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
