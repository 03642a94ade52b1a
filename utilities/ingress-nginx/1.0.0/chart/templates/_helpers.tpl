{{/* The labels every object of the chart carries. */}}
{{- define "ingress-nginx.labels" -}}
app.kubernetes.io/name: ingress-nginx
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Values.image.tag | default .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end }}

{{/* The labels that select the controller's pods: the utility's component selector matches them. */}}
{{- define "ingress-nginx.selectorLabels" -}}
app.kubernetes.io/name: ingress-nginx
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: controller
{{- end }}

{{- define "ingress-nginx.fullname" -}}
{{- printf "%s-ingress-nginx" .Release.Name | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* The controller class that the IngressClass names and the controller claims. */}}
{{- define "ingress-nginx.controllerClass" -}}
k8s.io/ingress-nginx
{{- end }}
