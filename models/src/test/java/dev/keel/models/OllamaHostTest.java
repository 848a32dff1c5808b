package dev.keel.models;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** OLLAMA_HOST read as the Ollama command-line client reads it. */
class OllamaHostTest {

    @ParameterizedTest(name = "[{index}] ''{0}'' -> {1}")
    @CsvSource(delimiter = '|', value = {
        "''                              | http://localhost:11434",
        "'   '                           | http://localhost:11434",
        "127.0.0.1                       | http://127.0.0.1:11434",
        "0.0.0.0:11435                   | http://0.0.0.0:11435",
        "gpu-box                         | http://gpu-box:11434",
        "gpu-box:8080                    | http://gpu-box:8080",
        ":11434                          | http://localhost:11434",
        "http://gpu-box                  | http://gpu-box:80",
        "https://gpu-box                 | https://gpu-box:443",
        "https://gpu-box:8443/ollama/    | https://gpu-box:8443/ollama",
        "gpu-box:11434/prefix            | http://gpu-box:11434/prefix",
        "'\"gpu-box:9000\"'              | http://gpu-box:9000",
        "'  ''gpu-box''  '               | http://gpu-box:11434",
        "[::1]:11434                     | http://[::1]:11434",
        "::1                             | http://[::1]:11434",
        "[fe80::1]                       | http://[fe80::1]:11434",
        "gpu-box:99999                   | http://gpu-box:11434",
        "gpu-box:abc                     | http://gpu-box:11434",
        "http://gpu-box:abc              | http://gpu-box:80",
        "ollama.com                      | https://ollama.com:443",
        "HTTP://gpu-box:1                | http://gpu-box:1",
    })
    void readsOllamaHostLikeTheOllamaCli(String raw, String expected) {
        assertThat(OllamaHost.baseUrl(raw)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"gpu-box:7000, http://gpu-box:7000"})
    void readsTheVariableFromTheInjectedEnvironment(String value, String expected) {
        assertThat(OllamaHost.baseUrl(Environment.of(Map.of("OLLAMA_HOST", value)))).isEqualTo(expected);
        assertThat(OllamaHost.baseUrl(Environment.of(Map.of()))).isEqualTo(OllamaHost.DEFAULT_BASE_URL);
    }

    @Test
    void neverThrowsAndAlwaysHasSchemeHostAndPort() {
        Property.forAll(Gen.strings().all()).tries(1000).check(raw -> {
            String url = OllamaHost.baseUrl(raw);

            assertThat(url).contains("://");
            int port = portOf(url);
            assertThat(port).isBetween(0, 65535);
        });
    }

    private static int portOf(String url) {
        String afterScheme = url.substring(url.indexOf("://") + 3);
        String hostPort = afterScheme.contains("/") ? afterScheme.substring(0, afterScheme.indexOf('/')) : afterScheme;
        return Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
    }

    @Test
    void aPlainHostAndPortIsAValidUri() {
        Gen<String> hosts = Gen.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(20);
        Gen<Integer> ports = Gen.integers(1, 65535);
        Property.forAll(hosts, ports).tries(1000).check((host, port) -> {
            URI uri = URI.create(OllamaHost.baseUrl(host + ":" + port));

            assertThat(uri.getHost()).isEqualTo(host);
            assertThat(uri.getPort()).isEqualTo(port);
            assertThat(uri.getScheme()).isEqualTo("http");
        });
    }
}
