package org.example.helpdesk;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The helpdesk assistant: keel-spring-boot-starter builds the governed call from {@code application.yml}, whose
 * one backend is the application's {@code LlmBackend} bean named {@code helpdeskModel}.
 */
@SpringBootApplication
public class HelpdeskApplication {

    public static void main(String[] args) {
        SpringApplication.run(HelpdeskApplication.class, args);
    }
}
