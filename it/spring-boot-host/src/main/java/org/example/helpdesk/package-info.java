/** A Spring Boot helpdesk application that embeds Keel through its starter: a host check of the Keel build. */
package org.example.helpdesk;
